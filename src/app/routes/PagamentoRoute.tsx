import { Link, useLocation } from 'react-router';
import { GROUP } from '@config/group';
import { PRODUCT_PAGES } from '@config/product-pages';
import { isPaymentDone } from '@/features/checkout/payment-done';
import { useSeasonProductLinks } from '@/lib/api/season-product-links';

/**
 * /pagamento (docs/product.md, "Screens"): after a recorded card payment,
 * 'Pagamento Effettuato con Successo', a reminder to check the mail for the
 * receipt, 'Torna alla Home' to the group's public site. Reached any other
 * way (typed, bookmarked, reloaded in a new tab) no payment happened here:
 * it says so and links the payment screens (the season's own products
 * too) instead of claiming success.
 */
export function PagamentoRoute() {
  const location = useLocation();
  const seasonProducts = useSeasonProductLinks();
  if (!isPaymentDone(location.state)) {
    const screens = [
      ...PRODUCT_PAGES.map((page) => ({ path: page.path, name: page.name })),
      ...seasonProducts.map((link) => ({ path: link.path, name: link.label })),
    ];
    return (
      <div className="mx-auto max-w-xl space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-200">
        <h1 className="text-2xl font-bold text-brand-800">Nessun pagamento da mostrare</h1>
        <p className="text-gray-700">
          Questa pagina conferma un pagamento online appena concluso. Per pagare, scegli cosa e cerca la tua famiglia con il codice fiscale:
        </p>
        <ul className="space-y-2">
          {screens.map((screen) => (
            <li key={screen.path}>
              <Link to={screen.path} className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline">
                {screen.name}
              </Link>
            </li>
          ))}
        </ul>
        <p className="text-gray-700">Se hai già pagato, la ricevuta è nella tua casella di posta.</p>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-xl space-y-4 rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-gray-200">
      <h1 className="text-2xl font-bold text-green-700">Pagamento Effettuato con Successo</h1>
      <p className="text-gray-700">Riceverai la ricevuta del pagamento via e-mail: controlla la tua casella di posta.</p>
      <a
        href={GROUP.links.mainSite}
        className="inline-flex min-h-11 items-center rounded-lg bg-brand-600 px-5 py-2.5 font-semibold text-white hover:bg-brand-700"
      >
        Torna alla Home
      </a>
    </div>
  );
}
