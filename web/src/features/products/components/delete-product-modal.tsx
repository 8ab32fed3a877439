import { useTranslation } from 'react-i18next';
import type { Product } from '../../../../../lambdas/shared/contract/schemas/product-record';
import { ConfirmModal } from '../../../components/confirm-modal';
import { useToast } from '../../../components/toast/use-toast';
import { deleteProduct } from '../api';

/** Asks before deleting a product; the API's refusal (it still has ranges) shows in place. */
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
  return (
    <ConfirmModal
      testId="product-delete-modal"
      title={t('products.delete.title', { name: product.name })}
      confirmLabel={t('products.delete.confirm')}
      onClose={onClose}
      onConfirm={async () => {
        await deleteProduct(product.id);
        showToast({ type: 'success', content: t('products.delete.done', { name: product.name }) });
        onDeleted();
      }}
    >
      {t('products.delete.body', { name: product.name })}
    </ConfirmModal>
  );
}
