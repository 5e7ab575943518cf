/**
 * The demo data of `npm run dev` and the browser tests: five families with
 * valid parent fiscal codes, their children, and a few past orders of both
 * methods and statuses. Children's fiscal codes are computed with
 * codice-fiscale-js from the data below, so they are valid too.
 */
import { PLAN, type Plan } from '@domain/catalogue/seed';
import type { Size } from '@domain/catalogue/sizes';
import type { Branch } from '@domain/branches';
import type { PaymentMethod } from '@domain/payments/payment-method';
import type { PaymentStatus } from '@domain/payments/payment-status';
import type { Staff } from '@domain/staff/staff-roles';

/** The demo admin account created in the Auth emulator. */
export const DEMO_ADMIN = { email: 'admin@example.com', password: 'admin-demo-2026' } as const;

/** The demo's other volunteers (docs/security.md, "Roles"): a treasurer and a Reparto leader, same password as the admin. */
export const DEMO_TREASURER = { email: 'tesoriere@example.com', password: DEMO_ADMIN.password } as const;
export const DEMO_LEADER = { email: 'capo.reparto@example.com', password: DEMO_ADMIN.password } as const;

/** Every demo volunteer and its role, made by `npm run dev` and the browser tests. */
export const DEMO_STAFF: readonly { email: string; password: string; staff: Staff }[] = [
  { ...DEMO_ADMIN, staff: { role: 'admin' } },
  { ...DEMO_TREASURER, staff: { role: 'tesoriere' } },
  { ...DEMO_LEADER, staff: { role: 'capo', branches: ['Reparto'] } },
];

/** Project id of the local emulators ("demo-" tells Firebase tools it is offline-only). */
export const DEMO_PROJECT_ID = 'demo-scout-portal';

export interface DemoChild {
  id: string;
  name: string;
  gender: 'M' | 'F';
  /** yyyy-mm-dd */
  birthDate: string;
  branch: Branch;
}

export interface DemoFamily {
  id: string;
  surname: string;
  /** The family's parents: each with an e-mail at example.com (a reserved domain); their surname is the family's. */
  parents: Array<{ id: string; name: string; cf: string; email: string; phone: string | null }>;
  children: DemoChild[];
}

export interface DemoOrder {
  id: string;
  familyId: string;
  /** ISO date-time of creation (order, items and payment). */
  createdAt: string;
  /** The camp year it belongs to (`SEASON.campYear` when it was recorded). */
  season: number;
  method: PaymentMethod;
  status: PaymentStatus;
  /** One per child; each item's id is `seasonItemId(season, plan, childId)`, as recordOrder writes it. */
  items: Array<{ childId: string; plan: Plan; note: Size | ''; priceEuros: number }>;
  /** A Bonifico's reference code ('CE25-7K3Q'); none for the orders made before codes were given. */
  reference?: string;
}

export const DEMO_FAMILIES: DemoFamily[] = [
  {
    id: 'family-rossi',
    surname: 'Rossi',
    parents: [
      { id: 'parent-rossi-mario', name: 'Mario', cf: 'RSSMRA80C12H501E', email: 'mario.rossi@example.com', phone: '+39 333 100 0001' },
    ],
    children: [
      { id: 'son-rossi-marco', name: 'Marco', gender: 'M', birthDate: '2012-05-03', branch: 'Reparto' },
      { id: 'son-rossi-giulia', name: 'Giulia', gender: 'F', birthDate: '2008-09-21', branch: 'Clan' },
      { id: 'son-rossi-luca', name: 'Luca', gender: 'M', birthDate: '2016-02-11', branch: 'Branco' },
    ],
  },
  {
    id: 'family-bianchi',
    surname: 'Bianchi',
    parents: [
      { id: 'parent-bianchi-anna', name: 'Anna', cf: 'BNCNNA84L45B114C', email: 'anna.bianchi@example.com', phone: '+39 333 100 0002' },
    ],
    children: [{ id: 'son-bianchi-sara', name: 'Sara', gender: 'F', birthDate: '2012-11-30', branch: 'Reparto' }],
  },
  {
    id: 'family-verdi',
    surname: 'Verdi',
    parents: [
      { id: 'parent-verdi-paolo', name: 'Paolo', cf: 'VRDPLA78S23H501P', email: 'paolo.verdi@example.com', phone: '+39 333 100 0003' },
      { id: 'parent-verdi-elena', name: 'Elena', cf: 'VRDLNE81B42E900U', email: 'elena.verdi@example.com', phone: null },
    ],
    children: [
      { id: 'son-verdi-andrea', name: 'Andrea', gender: 'M', birthDate: '2007-04-14', branch: 'Clan' },
      { id: 'son-verdi-chiara', name: 'Chiara', gender: 'F', birthDate: '2009-01-08', branch: 'Clan' },
      { id: 'son-verdi-matteo', name: 'Matteo', gender: 'M', birthDate: '2011-06-19', branch: 'Reparto' },
      { id: 'son-verdi-sofia', name: 'Sofia', gender: 'F', birthDate: '2013-03-02', branch: 'Reparto' },
      { id: 'son-verdi-tommaso', name: 'Tommaso', gender: 'M', birthDate: '2015-10-25', branch: 'Branco' },
      { id: 'son-verdi-alice', name: 'Alice', gender: 'F', birthDate: '2017-07-07', branch: 'Branco' },
    ],
  },
  {
    id: 'family-neri',
    surname: 'Neri',
    parents: [
      { id: 'parent-neri-carla', name: 'Carla', cf: 'NRECRL79P70H501U', email: 'carla.neri@example.com', phone: '+39 333 100 0005' },
    ],
    children: [
      { id: 'son-neri-pietro', name: 'Pietro', gender: 'M', birthDate: '2016-12-01', branch: 'Branco' },
      { id: 'son-neri-elisa', name: 'Elisa', gender: 'F', birthDate: '2008-02-17', branch: 'Clan' },
    ],
  },
  {
    id: 'family-esposito',
    surname: 'Esposito',
    parents: [{ id: 'parent-esposito-luigi', name: 'Luigi', cf: 'SPSLGU75A14H501I', email: 'luigi.esposito@example.com', phone: null }],
    children: [{ id: 'son-esposito-gennaro', name: 'Gennaro', gender: 'M', birthDate: '2011-08-09', branch: 'Reparto' }],
  },
];

export const DEMO_ORDERS: DemoOrder[] = [
  {
    id: 'order-bianchi-2025-acconto',
    familyId: 'family-bianchi',
    createdAt: '2025-03-10T09:30:00Z',
    season: 2025,
    method: 'Online',
    status: 'Confermato',
    items: [{ childId: 'son-bianchi-sara', plan: PLAN.campAcconto, note: '', priceEuros: 100 }],
  },
  {
    id: 'order-esposito-2024-acconto',
    familyId: 'family-esposito',
    createdAt: '2024-11-15T17:05:00Z',
    season: 2024,
    method: 'Bonifico',
    status: 'Confermato',
    items: [{ childId: 'son-esposito-gennaro', plan: PLAN.campAcconto, note: '', priceEuros: 100 }],
  },
  {
    id: 'order-verdi-magliette',
    familyId: 'family-verdi',
    createdAt: '2025-04-02T18:45:00Z',
    season: 2025,
    method: 'Bonifico',
    status: 'Da Verificare',
    items: [
      { childId: 'son-verdi-andrea', plan: PLAN.maglietta, note: 'M', priceEuros: 15 },
      { childId: 'son-verdi-chiara', plan: PLAN.maglietta, note: 'S', priceEuros: 15 },
    ],
  },
  {
    id: 'order-neri-magliette',
    familyId: 'family-neri',
    createdAt: '2025-05-20T08:15:00Z',
    season: 2025,
    method: 'Online',
    status: 'Confermato',
    items: [
      { childId: 'son-neri-pietro', plan: PLAN.maglietta, note: 'XS', priceEuros: 15 },
      { childId: 'son-neri-elisa', plan: PLAN.maglietta, note: 'M', priceEuros: 15 },
    ],
  },
];

/** A Bonifico 'Da Verificare' of the statement sample: one child line per item, at the spec's prices. */
const statementOrder = (id: string, familyId: string, reference: string, items: DemoOrder['items']): DemoOrder => ({
  id: `order-statement-${id}`,
  familyId,
  createdAt: '2025-05-05T09:00:00Z',
  season: 2025,
  method: 'Bonifico',
  status: 'Da Verificare',
  items,
  reference,
});

/**
 * The orders the statement sample pays (docs/samples/estratto-conto.camt053.xml
 * and .csv; docs/admin.md, "Estratto conto"): eight each paid by a transfer
 * naming its code, two of the Verdi family paid by one transfer naming both,
 * and Luca's T-shirt paid by a transfer with no code, only his name and
 * amount. Seeded on top of the demo data by `npm run seed:statement`.
 */
export const STATEMENT_DEMO_ORDERS: DemoOrder[] = [
  statementOrder('rossi-acconto', 'family-rossi', 'CE25-RM2A', [
    { childId: 'son-rossi-marco', plan: PLAN.campAcconto, note: '', priceEuros: 100 },
  ]),
  statementOrder('rossi-felpa', 'family-rossi', 'FR25-RM3F', [{ childId: 'son-rossi-marco', plan: PLAN.felpa, note: 'M', priceEuros: 30 }]),
  statementOrder('bianchi-saldo', 'family-bianchi', 'CE25-BS4S', [
    { childId: 'son-bianchi-sara', plan: PLAN.campSaldo, note: '', priceEuros: 180 },
  ]),
  statementOrder('bianchi-maglietta', 'family-bianchi', 'MG25-BS5M', [
    { childId: 'son-bianchi-sara', plan: PLAN.maglietta, note: 'S', priceEuros: 15 },
  ]),
  statementOrder('esposito-acconto', 'family-esposito', 'CE25-EG6A', [
    { childId: 'son-esposito-gennaro', plan: PLAN.campAcconto, note: '', priceEuros: 100 },
  ]),
  statementOrder('esposito-felpa', 'family-esposito', 'FR25-EG7F', [
    { childId: 'son-esposito-gennaro', plan: PLAN.felpa, note: 'L', priceEuros: 30 },
  ]),
  statementOrder('neri-acconto', 'family-neri', 'CE25-NP8A', [
    { childId: 'son-neri-pietro', plan: PLAN.campAcconto, note: '', priceEuros: 100 },
    { childId: 'son-neri-elisa', plan: PLAN.campAcconto, note: '', priceEuros: 150 },
  ]),
  statementOrder('verdi-felpa', 'family-verdi', 'FR25-VM9F', [
    { childId: 'son-verdi-matteo', plan: PLAN.felpa, note: 'M', priceEuros: 30 },
    { childId: 'son-verdi-sofia', plan: PLAN.felpa, note: 'S', priceEuros: 30 },
  ]),
  statementOrder('verdi-acconto', 'family-verdi', 'CE25-VT2A', [
    { childId: 'son-verdi-tommaso', plan: PLAN.campAcconto, note: '', priceEuros: 100 },
    { childId: 'son-verdi-alice', plan: PLAN.campAcconto, note: '', priceEuros: 100 },
  ]),
  statementOrder('verdi-saldo', 'family-verdi', 'CE25-VT3S', [
    { childId: 'son-verdi-tommaso', plan: PLAN.campSaldo, note: '', priceEuros: 180 },
  ]),
  statementOrder('rossi-maglietta', 'family-rossi', 'MG25-RL4M', [
    { childId: 'son-rossi-luca', plan: PLAN.maglietta, note: 'XS', priceEuros: 15 },
  ]),
];
