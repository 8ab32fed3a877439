import Select, { type SelectProps } from '@cloudscape-design/components/select';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { Product } from '../../../../../lambdas/shared/contract/schemas/product-record';
import type { AllProductsState } from '../../products';

interface ProductSelectProps {
  /** A product id; empty for none (or "All products" with `allOption`). */
  value: string;
  onChange: (productId: string) => void;
  products: readonly Product[];
  state: AllProductsState['status'];
  onRetry: () => void;
  /** Offer "All products" (value '') first: for the list filter. */
  allOption?: boolean;
  invalid?: boolean;
  placeholder?: string;
  ariaLabel?: string;
  'data-testid'?: string;
  ref?: Ref<SelectProps.Ref>;
}

/**
 * A product chosen by name, with type-ahead (name, Chinese name or GTIN); options carry the
 * product id as value.
 */
export function ProductSelect({
  value,
  onChange,
  products,
  state,
  onRetry,
  allOption,
  invalid,
  placeholder,
  ariaLabel,
  ref,
  ...rest
}: ProductSelectProps) {
  const { t } = useTranslation();
  const all = { value: '', label: t('serialNumbers.allProducts') };
  const options: SelectProps.Option[] = [
    ...(allOption ? [all] : []),
    // Typing finds a product by any part of its name, its Chinese name or its GTIN.
    ...products.map((product) => ({
      value: product.id,
      label: product.name,
      filteringTags: [product.nameZh, product.gtin].filter((text) => text !== null),
    })),
  ];
  const selected =
    options.find((option) => option.value === value) ??
    // A product the list does not know (yet): show its id rather than nothing.
    (value ? { value, label: value } : allOption ? all : null);
  return (
    <Select
      {...rest}
      ref={ref}
      selectedOption={selected}
      options={options}
      filteringType="auto"
      filteringPlaceholder={t('serialForm.productFilter')}
      filteringAriaLabel={t('serialForm.productFilter')}
      placeholder={placeholder}
      ariaLabel={ariaLabel}
      invalid={invalid}
      empty={t('serialForm.noProducts')}
      statusType={state === 'loading' ? 'loading' : state === 'error' ? 'error' : 'finished'}
      loadingText={t('serialForm.productsLoading')}
      errorText={t('serialForm.productsFailed')}
      recoveryText={t('common.retry')}
      onLoadItems={({ detail }) => {
        if (detail.firstPage && state === 'error') onRetry();
      }}
      onChange={({ detail }) => onChange(detail.selectedOption.value ?? '')}
    />
  );
}
