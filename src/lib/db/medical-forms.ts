import { collection, doc, getDoc, getDocs, limit, query, serverTimestamp, updateDoc, where } from 'firebase/firestore/lite';
import { isEligibleForMedicalForm } from '../../domain/medical-form';
import { getFirebase } from '../firebase';
import { ensureSession } from '../session';
import { COLLECTION, toOrderItem, type Son } from './documents';

/**
 * The children of a family who may upload a medical form (SPEC.md section 5):
 * those with a 'Campo Estivo - Acconto' order item created on or after
 * `cutoff`, read from the family's orders (orders where family_id ==) and
 * their items.
 * @throws FirebaseError when the database cannot be read.
 */
export async function findEligibleSons(familyId: string, sons: readonly Son[], cutoff: Date): Promise<Son[]> {
  await ensureSession();
  const { db } = getFirebase();
  const orders = await getDocs(query(collection(db, COLLECTION.orders), where('family_id', '==', familyId), limit(50)));
  const itemIds = [...new Set(orders.docs.flatMap((order) => (order.get('order_items') as string[] | undefined) ?? []))];
  const items = await Promise.all(itemIds.map((id) => getDoc(doc(db, COLLECTION.orderItems, id))));
  const bySon = new Map<string, Array<{ plan: string; created_at: Date | null }>>();
  for (const snapshot of items) {
    if (!snapshot.exists()) continue;
    const item = toOrderItem(snapshot.id, snapshot.data());
    bySon.set(item.son_info.id, [...(bySon.get(item.son_info.id) ?? []), item]);
  }
  return sons.filter((son) => isEligibleForMedicalForm(bySon.get(son.id) ?? [], cutoff));
}

/**
 * Records the uploaded form on the child: sons.medical_doc = `url`,
 * updated_at = server time (SPEC.md section 7).
 * @throws FirebaseError when the write fails.
 */
export async function setSonMedicalDoc(sonId: string, url: string): Promise<void> {
  await ensureSession();
  const { db } = getFirebase();
  await updateDoc(doc(db, COLLECTION.sons, sonId), { medical_doc: url, updated_at: serverTimestamp() });
}
