import { Timestamp, type DocumentData } from 'firebase/firestore/lite';
import type { Branch, PaymentMethod, PaymentStatus, Plan } from '../../domain/plans';

/** Collection names (SPEC.md section 3). */
export const COLLECTION = {
  sons: 'sons',
  parents: 'parents',
  families: 'families',
  orders: 'orders',
  orderItems: 'order_items',
  payments: 'payments',
} as const;

/** A child (`sons` document). */
export interface Son {
  id: string;
  family_id: string;
  name: string;
  surname: string;
  cf: string;
  branch: Branch;
  /** URL of the uploaded medical form, '' when none. */
  medical_doc: string;
  updated_at: Date | null;
}

/** A family (`families` document). */
export interface Family {
  id: string;
  surname: string;
  orders_id: string[];
  updated_at: Date | null;
}

/** An order (`orders` document). */
export interface Order {
  id: string;
  created_at: Date | null;
  family_id: string;
  order_items: string[];
  payment_id: string;
}

/** An order item (`order_items` document); price in euros. */
export interface OrderItem {
  id: string;
  created_at: Date | null;
  note: string;
  plan: Plan;
  son_info: { id: string; name: string; surname: string };
  price: number;
}

/** A payment (`payments` document); total_amount in euros. */
export interface Payment {
  id: string;
  created_at: Date | null;
  method: PaymentMethod;
  status: PaymentStatus;
  total_amount: number;
}

/** A Firestore Timestamp as a Date; null when absent. */
export function toDate(value: unknown): Date | null {
  return value instanceof Timestamp ? value.toDate() : null;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const amount = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : 0);
const ids = (value: unknown) => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** Reads a `sons` document's data into a {@link Son}, tolerating missing fields. */
export function toSon(id: string, data: DocumentData): Son {
  return {
    id,
    family_id: text(data.family_id),
    name: text(data.name),
    surname: text(data.surname),
    cf: text(data.cf),
    branch: text(data.branch) as Branch,
    medical_doc: text(data.medical_doc),
    updated_at: toDate(data.updated_at),
  };
}

/** Reads a `families` document's data into a {@link Family}. */
export function toFamily(id: string, data: DocumentData): Family {
  return { id, surname: text(data.surname), orders_id: ids(data.orders_id), updated_at: toDate(data.updated_at) };
}

/** Reads an `orders` document's data into an {@link Order}. */
export function toOrder(id: string, data: DocumentData): Order {
  return {
    id,
    created_at: toDate(data.created_at),
    family_id: text(data.family_id),
    order_items: ids(data.order_items),
    payment_id: text(data.payment_id),
  };
}

/** Reads an `order_items` document's data into an {@link OrderItem}. */
export function toOrderItem(id: string, data: DocumentData): OrderItem {
  const son = (data.son_info ?? {}) as DocumentData;
  return {
    id,
    created_at: toDate(data.created_at),
    note: text(data.note),
    plan: text(data.plan) as Plan,
    son_info: { id: text(son.id), name: text(son.name), surname: text(son.surname) },
    price: amount(data.price),
  };
}

/** Reads a `payments` document's data into a {@link Payment}. */
export function toPayment(id: string, data: DocumentData): Payment {
  return {
    id,
    created_at: toDate(data.created_at),
    method: text(data.method) as PaymentMethod,
    status: text(data.status) as PaymentStatus,
    total_amount: amount(data.total_amount),
  };
}
