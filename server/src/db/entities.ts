import type { EntitySchema } from '@mikro-orm/postgresql';
import { AddressSchema } from '../modules/address/address.entity.js';
import { AgentDeviceSchema, AgentInviteSchema } from '../modules/agent/agent-device.entity.js';
import { AgentSchema } from '../modules/agent/agent.entity.js';
import { CashLineSchema } from '../modules/cash/cash-line.entity.js';
import { TillPayoutSchema } from '../modules/cash/till-payout.entity.js';
import { OrderIdempotencyKeySchema } from '../modules/order/order-idempotency.entity.js';
import { OrderEventSchema, OrderItemSchema, OrderSchema } from '../modules/order/order.entity.js';
import {
  PaymentEventSchema,
  PaymentSchema,
  RefundSchema,
} from '../modules/payment/payment.entity.js';
import { KhataPaymentSchema } from '../modules/payment/khata-payment.entity.js';
import {
  SandboxOrderSchema,
  SandboxPaymentSchema,
  SandboxRefundSchema,
} from '../modules/payment/sandbox/sandbox.entity.js';
import { CategorySchema } from '../modules/category/category.entity.js';
import {
  ProductEventSchema,
  ProductSchema,
  SearchNameSchema,
} from '../modules/product/product.entity.js';
import { PushSubscriptionSchema } from '../modules/push/push-subscription.entity.js';
import { SellerSchema } from '../modules/seller/seller.entity.js';
import { SessionSchema } from '../modules/session/session.entity.js';
import { ShopSettingsSchema } from '../modules/shop/shop.entity.js';
import {
  CounterDaySchema,
  CounterDeviceSchema,
  CounterReturnSchema,
  CounterSaleLineSchema,
  CounterSaleSchema,
} from '../modules/counter/counter.entity.js';
import { KhataCustomerSchema, KhataEntrySchema } from '../modules/khata/khata.entity.js';
import {
  DocumentSeriesSchema,
  TaxDocumentLineSchema,
  TaxDocumentSchema,
} from '../modules/gst/gst.entity.js';
import { StoredImageSchema } from '../modules/upload/stored-image.entity.js';
import { UserSchema } from '../modules/user/user.entity.js';

/** Every entity the ORM maps (typed loosely: the full inferred type is too large to spell). */
export const entities: EntitySchema[] = [
  UserSchema,
  SellerSchema,
  AgentSchema,
  AgentInviteSchema,
  AgentDeviceSchema,
  CategorySchema,
  ProductSchema,
  ProductEventSchema,
  SearchNameSchema,
  AddressSchema,
  OrderSchema,
  OrderItemSchema,
  OrderEventSchema,
  OrderIdempotencyKeySchema,
  SessionSchema,
  PaymentSchema,
  PaymentEventSchema,
  RefundSchema,
  SandboxOrderSchema,
  SandboxPaymentSchema,
  SandboxRefundSchema,
  StoredImageSchema,
  CashLineSchema,
  PushSubscriptionSchema,
  ShopSettingsSchema,
  CounterDaySchema,
  CounterSaleSchema,
  CounterSaleLineSchema,
  CounterReturnSchema,
  CounterDeviceSchema,
  TillPayoutSchema,
  KhataCustomerSchema,
  KhataEntrySchema,
  KhataPaymentSchema,
  DocumentSeriesSchema,
  TaxDocumentSchema,
  TaxDocumentLineSchema,
];
