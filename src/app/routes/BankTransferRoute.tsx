import { Navigate, useLocation, useParams } from 'react-router';
import { BANK_TRANSFER_PAGES, type BankTransferPage } from '@/domain/bank-transfer';
import { BankTransferDetails } from '@/features/bank-transfer/BankTransferDetails';
import { readBankTransferState } from '@/features/bank-transfer/bank-transfer-state';

const isPage = (value: string | undefined): value is BankTransferPage => BANK_TRANSFER_PAGES.includes(value as BankTransferPage);

/** /bonifico/:page — the transfer details matching the last path segment (docs/product.md, "Screens"). */
export function BankTransferRoute() {
  const { page } = useParams();
  const location = useLocation();
  if (!isPage(page)) return <Navigate to="/" replace />;
  return <BankTransferDetails page={page} transfer={readBankTransferState(location.state)} />;
}
