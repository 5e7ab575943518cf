import { GROUP } from '@/config/group';

/**
 * /pagamento (docs/product.md, "Screens"): 'Pagamento Effettuato con Successo', a
 * reminder to check the mail for the receipt, 'Torna alla Home' to the
 * group's public site.
 */
export function PagamentoRoute() {
  return (
    <div className="mx-auto max-w-xl space-y-4 rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-gray-200">
      <h1 className="text-2xl font-bold text-green-700">Pagamento Effettuato con Successo</h1>
      <p className="text-gray-700">Riceverai la ricevuta del pagamento via e-mail: controlla la tua casella di posta.</p>
      <a
        href={GROUP.links.mainSite}
        className="inline-block rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
      >
        Torna alla Home
      </a>
    </div>
  );
}
