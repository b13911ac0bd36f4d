CREATE TABLE `return_items` (
	`return_id` text NOT NULL,
	`line_number` integer NOT NULL,
	`sale_line_number` integer NOT NULL,
	`product_id` text NOT NULL,
	`quantity_milli` integer NOT NULL,
	`refund_minor` integer NOT NULL,
	PRIMARY KEY(`return_id`, `line_number`),
	FOREIGN KEY (`return_id`) REFERENCES `returns`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "return_items_quantity_positive" CHECK("return_items"."quantity_milli" > 0),
	CONSTRAINT "return_items_refund_not_negative" CHECK("return_items"."refund_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE `returns` (
	`id` text PRIMARY KEY NOT NULL,
	`return_number` integer NOT NULL,
	`sale_id` text NOT NULL,
	`sale_receipt_number` integer NOT NULL,
	`created_at` integer NOT NULL,
	`currency` text NOT NULL,
	`total_minor` integer NOT NULL,
	`refund_payment_method` text NOT NULL,
	`reason` text NOT NULL,
	`shift_id` text,
	`cashier_id` text,
	`approved_by` text,
	`delivery` text DEFAULT 'not_sent' NOT NULL,
	`delivery_note` text,
	CONSTRAINT "returns_total_not_negative" CHECK("returns"."total_minor" >= 0),
	CONSTRAINT "returns_delivery_valid" CHECK("delivery" in ('not_sent', 'sent'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `returns_number_unique` ON `returns` (`return_number`);--> statement-breakpoint
CREATE INDEX `returns_sale_idx` ON `returns` (`sale_id`);--> statement-breakpoint
CREATE INDEX `returns_created_at_idx` ON `returns` (`created_at`);--> statement-breakpoint
CREATE INDEX `returns_shift_idx` ON `returns` (`shift_id`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
-- Discounts: a line keeps its price before any discount; what its own discount and its
-- share of the sale's took off are columns of their own (the check: never below 0). The
-- table is rebuilt for the new check; sales made before have no discount.
CREATE TABLE `__new_sale_items` (
	`sale_id` text NOT NULL,
	`line_number` integer NOT NULL,
	`product_id` text NOT NULL,
	`quantity_milli` integer NOT NULL,
	`unit_price_minor` integer NOT NULL,
	`line_total_minor` integer NOT NULL,
	`discount_basis_points` integer,
	`discount_amount_minor` integer,
	`discount_reason` text,
	`line_discount_minor` integer DEFAULT 0 NOT NULL,
	`sale_discount_share_minor` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`sale_id`, `line_number`),
	FOREIGN KEY (`sale_id`) REFERENCES `sales`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "sale_items_quantity_positive" CHECK("__new_sale_items"."quantity_milli" > 0),
	CONSTRAINT "sale_items_price_not_negative" CHECK("__new_sale_items"."unit_price_minor" >= 0),
	CONSTRAINT "sale_items_charged_not_negative" CHECK("__new_sale_items"."line_discount_minor" >= 0 and "__new_sale_items"."sale_discount_share_minor" >= 0 and "__new_sale_items"."line_total_minor" - "__new_sale_items"."line_discount_minor" - "__new_sale_items"."sale_discount_share_minor" >= 0)
);
--> statement-breakpoint
INSERT INTO `__new_sale_items`("sale_id", "line_number", "product_id", "quantity_milli", "unit_price_minor", "line_total_minor", "discount_basis_points", "discount_amount_minor", "discount_reason", "line_discount_minor", "sale_discount_share_minor") SELECT "sale_id", "line_number", "product_id", "quantity_milli", "unit_price_minor", "line_total_minor", NULL, NULL, NULL, 0, 0 FROM `sale_items`;--> statement-breakpoint
DROP TABLE `sale_items`;--> statement-breakpoint
ALTER TABLE `__new_sale_items` RENAME TO `sale_items`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
ALTER TABLE `sales` ADD `discount_basis_points` integer;--> statement-breakpoint
ALTER TABLE `sales` ADD `discount_amount_minor` integer;--> statement-breakpoint
ALTER TABLE `sales` ADD `discount_reason` text;--> statement-breakpoint
ALTER TABLE `sales` ADD `discount_minor` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sales` ADD `discount_approved_by` text;;--> statement-breakpoint
-- A return is never changed but for its delivery, never deleted, and never goes into a
-- closed shift (its cash refund would change a Z report already made).
CREATE TRIGGER `returns_fixed` BEFORE UPDATE OF `id`, `return_number`, `sale_id`, `sale_receipt_number`, `created_at`, `currency`, `total_minor`, `refund_payment_method`, `reason`, `shift_id`, `cashier_id`, `approved_by` ON `returns`
BEGIN SELECT RAISE(ABORT, 'shift_locked: a return is never changed'); END;--> statement-breakpoint
CREATE TRIGGER `returns_never_deleted` BEFORE DELETE ON `returns`
BEGIN SELECT RAISE(ABORT, 'shift_locked: a return is never deleted'); END;--> statement-breakpoint
CREATE TRIGGER `return_items_fixed` BEFORE UPDATE ON `return_items`
BEGIN SELECT RAISE(ABORT, 'shift_locked: a return is never changed'); END;--> statement-breakpoint
CREATE TRIGGER `return_items_never_deleted` BEFORE DELETE ON `return_items`
BEGIN SELECT RAISE(ABORT, 'shift_locked: a return is never deleted'); END;--> statement-breakpoint
CREATE TRIGGER `returns_not_into_closed_shift` BEFORE INSERT ON `returns`
WHEN (SELECT `state` FROM `shifts` WHERE `id` = NEW.`shift_id`) = 'closed'
BEGIN SELECT RAISE(ABORT, 'shift_locked: a return cannot go into a closed shift'); END;