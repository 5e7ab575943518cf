import { collection, doc, getDoc, getDocs, limit, query, where } from 'firebase/firestore/lite';
import { getFirebase } from '../firebase';
import { ensureSession } from '../session';
import { COLLECTION, toFamily, toSon, type Family, type Son } from './documents';

/** A family found by a parent's fiscal code, with its children. */
export interface FamilyLookup {
  family: Family;
  sons: Son[];
}

/**
 * Finds the family of the parent whose fiscal code is `parentCf` (already
 * normalised), with its children sorted by name (SPEC.md section 7: parents
 * where cf ==, sons where family_id ==). Resolves null when no parent has it.
 * @throws FirebaseError when the database cannot be read.
 */
export async function findFamilyByParentFiscalCode(parentCf: string): Promise<FamilyLookup | null> {
  await ensureSession();
  const { db } = getFirebase();
  const parents = await getDocs(query(collection(db, COLLECTION.parents), where('cf', '==', parentCf), limit(1)));
  const parent = parents.docs[0];
  const familyId = parent?.get('family_id');
  if (typeof familyId !== 'string' || !familyId) return null;
  const [familySnapshot, sonsSnapshot] = await Promise.all([
    getDoc(doc(db, COLLECTION.families, familyId)),
    getDocs(query(collection(db, COLLECTION.sons), where('family_id', '==', familyId), limit(50))),
  ]);
  const family = familySnapshot.exists()
    ? toFamily(familySnapshot.id, familySnapshot.data())
    : { id: familyId, surname: '', orders_id: [], updated_at: null };
  const sons = sonsSnapshot.docs
    .map((snapshot) => toSon(snapshot.id, snapshot.data()))
    .sort((a, b) => a.name.localeCompare(b.name, 'it'));
  return { family, sons };
}
