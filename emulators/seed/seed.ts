import CodiceFiscaleModule from 'codice-fiscale-js';
import { Timestamp, type Firestore } from 'firebase-admin/firestore';
import { sumEuros } from '../../src/domain/money';
import { DEMO_FAMILIES, DEMO_ORDERS, type DemoChild, type DemoFamily } from './demo-data';

const CodiceFiscale =
  (CodiceFiscaleModule as unknown as { CodiceFiscale?: typeof CodiceFiscaleModule }).CodiceFiscale ?? CodiceFiscaleModule;

/** The child's fiscal code, computed from the demo data (born in Rome). */
export function childFiscalCode(family: DemoFamily, child: DemoChild): string {
  const [year, month, day] = child.birthDate.split('-').map(Number);
  return CodiceFiscale.compute({
    name: child.name,
    surname: family.surname,
    gender: child.gender,
    day,
    month,
    year,
    birthplace: 'Roma',
    birthplaceProvincia: 'RM',
  });
}

/** True when the database already holds families (so it is not seeded again). */
export async function hasData(db: Firestore): Promise<boolean> {
  const families = await db.collection('families').limit(1).get();
  return !families.empty;
}

/**
 * Writes the demo data with firebase-admin (admin privileges, as Google
 * documents for seeding the emulator), in one batch, with fixed ids and
 * creation dates (SPEC.md section 3 field names).
 */
export async function seedDemoData(db: Firestore): Promise<void> {
  const batch = db.batch();
  const seededAt = Timestamp.fromDate(new Date('2025-01-15T10:00:00Z'));
  const familyOrders = new Map<string, string[]>();
  for (const order of DEMO_ORDERS) {
    familyOrders.set(order.familyId, [...(familyOrders.get(order.familyId) ?? []), order.id]);
  }

  for (const family of DEMO_FAMILIES) {
    batch.set(db.collection('families').doc(family.id), {
      id: family.id,
      surname: family.surname,
      orders_id: familyOrders.get(family.id) ?? [],
      updated_at: seededAt,
    });
    for (const parent of family.parents) {
      batch.set(db.collection('parents').doc(parent.id), { id: parent.id, cf: parent.cf, family_id: family.id });
    }
    for (const child of family.children) {
      batch.set(db.collection('sons').doc(child.id), {
        id: child.id,
        family_id: family.id,
        name: child.name,
        surname: family.surname,
        cf: childFiscalCode(family, child),
        branch: child.branch,
        medical_doc: '',
        updated_at: seededAt,
      });
    }
  }

  for (const order of DEMO_ORDERS) {
    const family = DEMO_FAMILIES.find((f) => f.id === order.familyId);
    if (!family) throw new Error(`Demo order ${order.id} names an unknown family`);
    const createdAt = Timestamp.fromDate(new Date(order.createdAt));
    const paymentId = `payment-${order.id}`;
    for (const item of order.items) {
      const child = family.children.find((c) => c.id === item.childId);
      if (!child) throw new Error(`Demo item ${item.id} names an unknown child`);
      batch.set(db.collection('order_items').doc(item.id), {
        id: item.id,
        created_at: createdAt,
        note: item.note,
        plan: item.plan,
        son_info: { id: child.id, name: child.name, surname: family.surname },
        price: item.priceEuros,
      });
    }
    batch.set(db.collection('payments').doc(paymentId), {
      id: paymentId,
      created_at: createdAt,
      method: order.method,
      status: order.status,
      total_amount: sumEuros(order.items.map((item) => item.priceEuros)),
    });
    batch.set(db.collection('orders').doc(order.id), {
      id: order.id,
      created_at: createdAt,
      family_id: order.familyId,
      order_items: order.items.map((item) => item.id),
      payment_id: paymentId,
    });
  }
  await batch.commit();
}
