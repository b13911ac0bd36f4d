PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_outbox` (
	`sale_id` text PRIMARY KEY NOT NULL,
	`idempotency_key` text NOT NULL,
	`revision` integer DEFAULT 1 NOT NULL,
	`state` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer,
	`last_http_status` integer,
	`last_error_code` text,
	`last_error_reason` text,
	`platform_id` text,
	`platform_answer` text,
	`synced_at` integer,
	`discard_reason` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`claim_owner` text,
	`claim_epoch` integer,
	`request_body` text,
	`in_flight_at` integer,
	`unanswered_attempts` integer DEFAULT 0 NOT NULL,
	`unexpected_attempts` integer DEFAULT 0 NOT NULL,
	`uncertain` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`sale_id`) REFERENCES `sales`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "outbox_state_valid" CHECK("state" in ('pending', 'sending', 'synced', 'refused', 'discarded'))
);
--> statement-breakpoint
-- One name per thing: a refused sale is `refused` (was `conflict`), its id and answer on the
-- platform are `platform_id` and `platform_answer` (were `remote_id`, `remote_body`), and the
-- stored connection uses the link's names (`checking`, `key_rejected`). Rows move with them.
INSERT INTO `__new_outbox`("sale_id", "idempotency_key", "revision", "state", "attempts", "next_attempt_at", "last_http_status", "last_error_code", "last_error_reason", "platform_id", "platform_answer", "synced_at", "discard_reason", "created_at", "updated_at", "claim_owner", "claim_epoch", "request_body", "in_flight_at", "unanswered_attempts", "unexpected_attempts", "uncertain") SELECT "sale_id", "idempotency_key", "revision", CASE "state" WHEN 'conflict' THEN 'refused' ELSE "state" END, "attempts", "next_attempt_at", "last_http_status", "last_error_code", "last_error_reason", "remote_id", "remote_body", "synced_at", "discard_reason", "created_at", "updated_at", "claim_owner", "claim_epoch", "request_body", "in_flight_at", "unanswered_attempts", "unexpected_attempts", "uncertain" FROM `outbox`;--> statement-breakpoint
DROP TABLE `outbox`;--> statement-breakpoint
ALTER TABLE `__new_outbox` RENAME TO `outbox`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `outbox_idempotency_key_unique` ON `outbox` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `outbox_uncertain_idx` ON `outbox` (`sale_id`) WHERE "outbox"."uncertain" = 1;--> statement-breakpoint
CREATE INDEX `outbox_queue_idx` ON `outbox` (`created_at`) WHERE "state" in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX `outbox_due_idx` ON `outbox` (`next_attempt_at`,`created_at`) WHERE "state" = 'pending';--> statement-breakpoint
CREATE INDEX `outbox_sending_idx` ON `outbox` (`claim_owner`) WHERE "state" = 'sending';--> statement-breakpoint
CREATE INDEX `outbox_refused_idx` ON `outbox` (`sale_id`) WHERE "state" = 'refused';--> statement-breakpoint
CREATE TABLE `__new_sync_state` (
	`id` integer PRIMARY KEY NOT NULL,
	`lease_owner` text,
	`lease_expires_at` integer DEFAULT 0 NOT NULL,
	`connection` text DEFAULT 'checking' NOT NULL,
	`paused_reason` text,
	`paused_key_hash` text,
	`paused_at` integer,
	`resync_requested_at` integer DEFAULT 0 NOT NULL,
	`last_success_at` integer,
	`last_contact_at` integer,
	`last_error_code` text,
	`last_error_message` text,
	`last_error_at` integer,
	`clock_skew_ms` integer,
	`sender_mode` text,
	`sender_base_url` text,
	`lease_epoch` integer DEFAULT 0 NOT NULL,
	`keys_honoured_at` integer,
	`keys_honoured_base_url` text,
	`throttled_until` integer,
	`clock_step_ms` integer,
	`clock_step_at` integer,
	`storage_error` text,
	`storage_error_at` integer,
	`integrity_checked_at` integer,
	`integrity_problem` text,
	`updated_at` integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sync_state_single_row" CHECK(id = 1)
);
--> statement-breakpoint
INSERT INTO `__new_sync_state`("id", "lease_owner", "lease_expires_at", "connection", "paused_reason", "paused_key_hash", "paused_at", "resync_requested_at", "last_success_at", "last_contact_at", "last_error_code", "last_error_message", "last_error_at", "clock_skew_ms", "sender_mode", "sender_base_url", "lease_epoch", "keys_honoured_at", "keys_honoured_base_url", "throttled_until", "clock_step_ms", "clock_step_at", "storage_error", "storage_error_at", "integrity_checked_at", "integrity_problem", "updated_at") SELECT "id", "lease_owner", "lease_expires_at", CASE "connection" WHEN 'unknown' THEN 'checking' WHEN 'authorization' THEN 'key_rejected' ELSE "connection" END, "paused_reason", "paused_key_hash", "paused_at", "resync_requested_at", "last_success_at", "last_contact_at", "last_error_code", "last_error_message", "last_error_at", "clock_skew_ms", "sender_mode", "sender_base_url", "lease_epoch", "keys_honoured_at", "keys_honoured_base_url", "throttled_until", "clock_step_ms", "clock_step_at", "storage_error", "storage_error_at", "integrity_checked_at", "integrity_problem", "updated_at" FROM `sync_state`;--> statement-breakpoint
DROP TABLE `sync_state`;--> statement-breakpoint
ALTER TABLE `__new_sync_state` RENAME TO `sync_state`;--> statement-breakpoint
-- Dropping the old table dropped the triggers that keep the counts: the same ones again.
CREATE TRIGGER `outbox_counts_insert` AFTER INSERT ON `outbox` BEGIN
  UPDATE `outbox_counts` SET `count` = `count` + 1 WHERE `state` = NEW.`state`;
END;--> statement-breakpoint
CREATE TRIGGER `outbox_counts_delete` AFTER DELETE ON `outbox` BEGIN
  UPDATE `outbox_counts` SET `count` = `count` - 1 WHERE `state` = OLD.`state`;
END;--> statement-breakpoint
CREATE TRIGGER `outbox_counts_update` AFTER UPDATE OF `state` ON `outbox` WHEN OLD.`state` <> NEW.`state` BEGIN
  UPDATE `outbox_counts` SET `count` = `count` - 1 WHERE `state` = OLD.`state`;
  UPDATE `outbox_counts` SET `count` = `count` + 1 WHERE `state` = NEW.`state`;
END;--> statement-breakpoint
UPDATE `outbox_counts` SET `state` = 'refused' WHERE `state` = 'conflict';--> statement-breakpoint
UPDATE `sync_attempts` SET `outcome` = 'refused' WHERE `outcome` = 'conflict';
