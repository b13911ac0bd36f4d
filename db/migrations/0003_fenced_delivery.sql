ALTER TABLE `outbox` ADD `claim_owner` text;--> statement-breakpoint
ALTER TABLE `outbox` ADD `claim_epoch` integer;--> statement-breakpoint
ALTER TABLE `outbox` ADD `request_body` text;--> statement-breakpoint
ALTER TABLE `outbox` ADD `in_flight_at` integer;--> statement-breakpoint
ALTER TABLE `outbox` ADD `unanswered_attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `outbox` ADD `unexpected_attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `outbox` ADD `uncertain` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `outbox_uncertain_idx` ON `outbox` (`sale_id`) WHERE "outbox"."uncertain" = 1;--> statement-breakpoint
ALTER TABLE `sync_state` ADD `lease_epoch` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `sync_state` ADD `keys_honoured_at` integer;--> statement-breakpoint
ALTER TABLE `sync_state` ADD `keys_honoured_base_url` text;--> statement-breakpoint
ALTER TABLE `sync_state` ADD `throttled_until` integer;--> statement-breakpoint
ALTER TABLE `sync_state` ADD `clock_step_ms` integer;--> statement-breakpoint
ALTER TABLE `sync_state` ADD `clock_step_at` integer;--> statement-breakpoint
ALTER TABLE `sync_state` ADD `storage_error` text;--> statement-breakpoint
ALTER TABLE `sync_state` ADD `storage_error_at` integer;--> statement-breakpoint
-- A sale an older version left mid-send may have been on the wire: say so, it may be on the platform.
UPDATE `outbox` SET `uncertain` = 1, `unanswered_attempts` = 1 WHERE `state` = 'sending';