import { Migration20261122021743_Initial } from './Migration20261122021743_Initial.js';
import { Migration20261123063501_OnlinePayments } from './Migration20261123063501_OnlinePayments.js';
import { Migration20261124023000_AgentDevices } from './Migration20261124023000_AgentDevices.js';
import { Migration20261124040000_OrderIdempotencyKeys } from './Migration20261124040000_OrderIdempotencyKeys.js';
import { Migration20261124053322_StoredImages } from './Migration20261124053322_StoredImages.js';
import { Migration20261124141728_StockCounts } from './Migration20261124141728_StockCounts.js';
import { Migration20261124162231_CancelAssignAlert } from './Migration20261124162231_CancelAssignAlert.js';
import { Migration20261124165528_ProductEditArchive } from './Migration20261124165528_ProductEditArchive.js';
import { Migration20261124200000_AgentDuty } from './Migration20261124200000_AgentDuty.js';
import { Migration20261124200100_DeliveryPin } from './Migration20261124200100_DeliveryPin.js';
import { Migration20261124200200_CashLedger } from './Migration20261124200200_CashLedger.js';
import { Migration20261124210000_PushSubscriptions } from './Migration20261124210000_PushSubscriptions.js';
import { Migration20261126130000_CatalogueAtScale } from './Migration20261126130000_CatalogueAtScale.js';
import { Migration20261126160000_SearchIndexesCurrent } from './Migration20261126160000_SearchIndexesCurrent.js';
import { Migration20261127060000_ShopPromise } from './Migration20261127060000_ShopPromise.js';
import { Migration20261127080000_ShopperPushSubscriptions } from './Migration20261127080000_ShopperPushSubscriptions.js';
import { Migration20261127120000_Counter } from './Migration20261127120000_Counter.js';
import { Migration20261127140000_CounterReturnKeys } from './Migration20261127140000_CounterReturnKeys.js';
import { Migration20261127160000_TillDayBigSums } from './Migration20261127160000_TillDayBigSums.js';
import { Migration20261206040000_ShopContact } from './Migration20261206040000_ShopContact.js';
import { Migration20261206050000_BarcodesAnyCase } from './Migration20261206050000_BarcodesAnyCase.js';
import { Migration20261206060000_SoldPastCount } from './Migration20261206060000_SoldPastCount.js';
import { Migration20261206070000_TillPayouts } from './Migration20261206070000_TillPayouts.js';
import { Migration20261206080000_PushFailures } from './Migration20261206080000_PushFailures.js';
import { Migration20261206100000_ShopperLimits } from './Migration20261206100000_ShopperLimits.js';
import { Migration20261206120000_LooseGoods } from './Migration20261206120000_LooseGoods.js';
import { Migration20261206140000_LooseSales } from './Migration20261206140000_LooseSales.js';
import { Migration20261206170000_Khata } from './Migration20261206170000_Khata.js';
import { Migration20261206171000_KhataPaymentKeys } from './Migration20261206171000_KhataPaymentKeys.js';
import { Migration20261206172000_KhataCounter } from './Migration20261206172000_KhataCounter.js';
import { Migration20261206173000_KhataPayments } from './Migration20261206173000_KhataPayments.js';
import { Migration20261206200000_Gst } from './Migration20261206200000_Gst.js';
import { Migration20261207100000_OfflineCounter } from './Migration20261207100000_OfflineCounter.js';
import { Migration20261208100000_CancelledNumbers } from './Migration20261208100000_CancelledNumbers.js';

/** Every migration, oldest first. `npm run db:migration -w @kirana/server -- <name>` writes the next. */
export const migrations = [
  Migration20261122021743_Initial,
  Migration20261123063501_OnlinePayments,
  Migration20261124023000_AgentDevices,
  Migration20261124040000_OrderIdempotencyKeys,
  Migration20261124053322_StoredImages,
  Migration20261124141728_StockCounts,
  Migration20261124162231_CancelAssignAlert,
  Migration20261124165528_ProductEditArchive,
  Migration20261124200000_AgentDuty,
  Migration20261124200100_DeliveryPin,
  Migration20261124200200_CashLedger,
  Migration20261124210000_PushSubscriptions,
  Migration20261126130000_CatalogueAtScale,
  Migration20261126160000_SearchIndexesCurrent,
  Migration20261127060000_ShopPromise,
  Migration20261127080000_ShopperPushSubscriptions,
  Migration20261127120000_Counter,
  Migration20261127140000_CounterReturnKeys,
  Migration20261127160000_TillDayBigSums,
  Migration20261206040000_ShopContact,
  Migration20261206050000_BarcodesAnyCase,
  Migration20261206060000_SoldPastCount,
  Migration20261206070000_TillPayouts,
  Migration20261206080000_PushFailures,
  Migration20261206100000_ShopperLimits,
  Migration20261206120000_LooseGoods,
  Migration20261206140000_LooseSales,
  Migration20261206170000_Khata,
  Migration20261206171000_KhataPaymentKeys,
  Migration20261206172000_KhataCounter,
  Migration20261206173000_KhataPayments,
  Migration20261206200000_Gst,
  Migration20261207100000_OfflineCounter,
  Migration20261208100000_CancelledNumbers,
];
