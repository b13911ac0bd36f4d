CREATE TABLE `webhook_events` (
	`seq` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`id` text NOT NULL,
	`type` text NOT NULL,
	`payload` text NOT NULL,
	`bytes` integer NOT NULL,
	`total_bytes` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `webhook_events_total_bytes_idx` ON `webhook_events` (`total_bytes`);--> statement-breakpoint
ALTER TABLE `webhook_endpoints` ADD `delivered_through` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `webhook_endpoints` ADD `delivered` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `webhook_endpoints` ADD `dropped` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `webhook_endpoints` ADD `failures` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `webhook_endpoints` ADD `next_attempt_at` integer;--> statement-breakpoint
ALTER TABLE `webhook_endpoints` ADD `last_error` text;--> statement-breakpoint
ALTER TABLE `webhook_endpoints` ADD `disabled_at` integer;