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
	`void_reason` text,
	`voided_at` integer,
	`voided_by` text,
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
	CONSTRAINT "outbox_state_valid" CHECK("state" in ('pending', 'sending', 'synced', 'refused', 'discarded', 'voided'))
);
--> statement-breakpoint
-- A void: a charged sale never sent, taken back by a person (`voided`, a final state), with
-- its reason, when and who. The check constraint names the new state: the table is rebuilt.
INSERT INTO `__new_outbox`("sale_id", "idempotency_key", "revision", "state", "attempts", "next_attempt_at", "last_http_status", "last_error_code", "last_error_reason", "platform_id", "platform_answer", "synced_at", "discard_reason", "void_reason", "voided_at", "voided_by", "created_at", "updated_at", "claim_owner", "claim_epoch", "request_body", "in_flight_at", "unanswered_attempts", "unexpected_attempts", "uncertain") SELECT "sale_id", "idempotency_key", "revision", "state", "attempts", "next_attempt_at", "last_http_status", "last_error_code", "last_error_reason", "platform_id", "platform_answer", "synced_at", "discard_reason", NULL, NULL, NULL, "created_at", "updated_at", "claim_owner", "claim_epoch", "request_body", "in_flight_at", "unanswered_attempts", "unexpected_attempts", "uncertain" FROM `outbox`;--> statement-breakpoint
DROP TABLE `outbox`;--> statement-breakpoint
ALTER TABLE `__new_outbox` RENAME TO `outbox`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `outbox_idempotency_key_unique` ON `outbox` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `outbox_uncertain_idx` ON `outbox` (`sale_id`) WHERE "outbox"."uncertain" = 1;--> statement-breakpoint
CREATE INDEX `outbox_queue_idx` ON `outbox` (`created_at`) WHERE "state" in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX `outbox_due_idx` ON `outbox` (`next_attempt_at`,`created_at`) WHERE "state" = 'pending';--> statement-breakpoint
CREATE INDEX `outbox_sending_idx` ON `outbox` (`claim_owner`) WHERE "state" = 'sending';--> statement-breakpoint
CREATE INDEX `outbox_refused_idx` ON `outbox` (`sale_id`) WHERE "state" = 'refused';--> statement-breakpoint
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
INSERT INTO `outbox_counts` (`state`, `count`) VALUES ('voided', 0);
