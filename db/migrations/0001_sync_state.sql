CREATE TABLE `sync_state` (
	`id` integer PRIMARY KEY NOT NULL,
	`lease_owner` text,
	`lease_expires_at` integer DEFAULT 0 NOT NULL,
	`connection` text DEFAULT 'unknown' NOT NULL,
	`paused_reason` text,
	`paused_key_hash` text,
	`paused_at` integer,
	`resync_requested_at` integer DEFAULT 0 NOT NULL,
	`last_success_at` integer,
	`last_error_code` text,
	`last_error_message` text,
	`last_error_at` integer,
	`clock_skew_ms` integer,
	`updated_at` integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sync_state_single_row" CHECK(id = 1)
);
--> statement-breakpoint
CREATE INDEX `outbox_state_created_idx` ON `outbox` (`state`,`created_at`);--> statement-breakpoint
INSERT INTO `sync_state` (`id`) VALUES (1);