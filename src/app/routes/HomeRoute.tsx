import { Link } from 'react-router';
import { paths } from '@config/paths';
import { PRODUCT_PAGES } from '@config/product-pages';
import { useSeasonProductLinks } from '@/lib/api/season-product-links';

const PAYMENT_AREAS = PRODUCT_PAGES.map((page) => ({ to: page.path, title: page.name, text: page.homeText }));
const MEDICAL_FORM_AREA = { to: paths.schedaMedica, title: 'Scheda Medica', text: 'Carica la scheda medica di ogni figlio.' };

/** The portal's start page: the payment pages (PRODUCT_PAGES, then the season's generic ones) and the medical form as cards. */
export function HomeRoute() {
  const products = useSeasonProductLinks().map((link) => ({
    to: link.path,
    title: link.label,
    text: `Paga «${link.label}» per i tuoi figli.`,
  }));
  const areas = [...PAYMENT_AREAS, ...products, MEDICAL_FORM_AREA];
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-2xl font-bold text-brand-800 sm:text-3xl">Area Famiglie</h1>
      <ul className="grid gap-4 sm:grid-cols-2">
        {areas.map((area) => (
          <li key={area.to}>
            <Link to={area.to} className="block h-full rounded-2xl bg-white p-5 shadow-sm ring-1 ring-gray-200 hover:ring-brand-600">
              <span className="block text-lg font-semibold text-brand-700">{area.title}</span>
              <span className="mt-1 block text-sm text-gray-600">{area.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
