import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useTranslation } from 'react-i18next';
import type { Product } from '../../../../../lambdas/shared/contract/schemas/product-record';
import { ConfirmModal } from '../../../components/confirm-modal';
import { useToast } from '../../../components/toast/use-toast';
import { useLanguage } from '../../../i18n/use-language';
import { formatNumber } from '../../../lib/format';
import { useApiQuery, type ApiQueryState } from '../../../lib/use-api-query';
import { serialRangeApi } from '../../../../../lambdas/shared/contract/api/serial-ranges';
import { parseAnswer } from '../../../lib/api-client';
import { routeUrl } from '../../../lib/api-routes';
import { deleteProduct } from '../api';

/**
 * `GET /api/serial-numbers?productId=…&limit=1`, whose `total` is how many serial number
 * ranges the product has (the delete dialog says it before anyone confirms).
 */
export function productRangesPath(productId: string): `/api/${string}` {
  return routeUrl(serialRangeApi, 'GET /api/serial-numbers', { query: { productId, limit: 1 } });
}

/** The page's total alone: the ranges themselves are not shown. */
const rangeTotalSchema = serialRangeApi['GET /api/serial-numbers'].answers[200].pick({
  total: true,
});

/** The product's range count from {@link productRangesPath}'s answer; null when not given. */
export function parseRangeTotal(body: unknown): number | null {
  return parseAnswer(rangeTotalSchema, body).total;
}

/**
 * Whether the dialog's confirm is off: while it counts the product's ranges, and when it has
 * any (they must be deleted first). A count that failed leaves it on: the API checks again.
 */
export const productDeleteBlocked = (ranges: ApiQueryState<number | null>) =>
  ranges.status === 'loading' || (ranges.status === 'success' && (ranges.data ?? 0) > 0);

/**
 * What the delete dialog says, from the product's range count: that its ranges must be
 * deleted first, or what deleting removes (the product and its test plan).
 */
export function ProductDeletionText({
  product,
  ranges,
}: {
  product: Product;
  ranges: ApiQueryState<number | null>;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  if (ranges.status === 'loading') {
    return <StatusIndicator type="loading">{t('products.delete.checking')}</StatusIndicator>;
  }
  if (ranges.status === 'error' || ranges.data === null) {
    return t('products.delete.body', { name: product.name });
  }
  if (ranges.data > 0) {
    return (
      <span data-testid="product-delete-has-ranges">
        <StatusIndicator type="warning">
          {t('products.delete.hasRanges', {
            name: product.name,
            count: ranges.data,
            ranges: formatNumber(ranges.data, language),
          })}
        </StatusIndicator>
      </span>
    );
  }
  return (
    <span data-testid="product-delete-removes">
      {product.planVersion === null
        ? t('products.delete.removes', { name: product.name })
        : t('products.delete.removesWithPlan', {
            name: product.name,
            version: product.planVersion,
          })}
    </span>
  );
}

/**
 * Asks before deleting a product: counts its serial number ranges when it opens and says
 * they must be deleted first (confirm off) or what deleting removes. A refusal of the API
 * (a range added meanwhile) still shows in the dialog.
 */
export function DeleteProductModal({
  product,
  onClose,
  onDeleted,
}: {
  product: Product;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const { showToast } = useToast();
  const ranges = useApiQuery(productRangesPath(product.id), parseRangeTotal);
  return (
    <ConfirmModal
      testId="product-delete-modal"
      title={t('products.delete.title', { name: product.name })}
      confirmLabel={t('products.delete.confirm')}
      confirmDisabled={productDeleteBlocked(ranges)}
      onClose={onClose}
      onConfirm={async () => {
        await deleteProduct(product.id);
        showToast({ type: 'success', content: t('products.delete.done', { name: product.name }) });
        onDeleted();
      }}
    >
      <ProductDeletionText product={product} ranges={ranges} />
    </ConfirmModal>
  );
}
