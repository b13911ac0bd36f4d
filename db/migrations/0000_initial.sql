CREATE TABLE `customers` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`phone` text,
	`email` text,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `customers_name_idx` ON `customers` (`name`);--> statement-breakpoint
CREATE TABLE `outbox` (
	`sale_id` text PRIMARY KEY NOT NULL,
	`idempotency_key` text NOT NULL,
	`revision` integer DEFAULT 1 NOT NULL,
	`state` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer,
	`last_http_status` integer,
	`last_error_code` text,
	`last_error_reason` text,
	`remote_id` text,
	`remote_body` text,
	`synced_at` integer,
	`discard_reason` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`sale_id`) REFERENCES `sales`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "outbox_state_valid" CHECK("state" in ('pending', 'sending', 'synced', 'conflict', 'discarded'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `outbox_idempotency_key_unique` ON `outbox` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `outbox_state_due_idx` ON `outbox` (`state`,`next_attempt_at`,`created_at`);--> statement-breakpoint
CREATE TABLE `products` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`price_minor` integer NOT NULL,
	`category` text,
	`active` integer DEFAULT true NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `products_name_idx` ON `products` (`name`);--> statement-breakpoint
CREATE TABLE `sale_items` (
	`sale_id` text NOT NULL,
	`line_number` integer NOT NULL,
	`product_id` text NOT NULL,
	`quantity_milli` integer NOT NULL,
	`unit_price_minor` integer NOT NULL,
	`line_total_minor` integer NOT NULL,
	PRIMARY KEY(`sale_id`, `line_number`),
	FOREIGN KEY (`sale_id`) REFERENCES `sales`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "sale_items_quantity_positive" CHECK("sale_items"."quantity_milli" > 0),
	CONSTRAINT "sale_items_price_not_negative" CHECK("sale_items"."unit_price_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE `sales` (
	`id` text PRIMARY KEY NOT NULL,
	`receipt_number` integer NOT NULL,
	`created_at` integer NOT NULL,
	`shop_id` text,
	`customer_id` text,
	`payment_method` text NOT NULL,
	`currency` text NOT NULL,
	`total_minor` integer NOT NULL,
	CONSTRAINT "sales_total_not_negative" CHECK("sales"."total_minor" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `sales_receipt_number_unique` ON `sales` (`receipt_number`);--> statement-breakpoint
CREATE INDEX `sales_created_at_idx` ON `sales` (`created_at`);--> statement-breakpoint
CREATE TABLE `settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `sync_attempts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`sale_id` text NOT NULL,
	`revision` integer NOT NULL,
	`idempotency_key` text NOT NULL,
	`started_at` integer NOT NULL,
	`duration_ms` integer NOT NULL,
	`outcome` text NOT NULL,
	`http_status` integer,
	`error_code` text,
	`reason` text,
	`detail` text,
	FOREIGN KEY (`sale_id`) REFERENCES `sales`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `sync_attempts_sale_idx` ON `sync_attempts` (`sale_id`,`started_at`);