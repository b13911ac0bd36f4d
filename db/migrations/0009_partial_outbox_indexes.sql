DROP INDEX `outbox_state_due_idx`;--> statement-breakpoint
DROP INDEX `outbox_state_created_idx`;--> statement-breakpoint
CREATE INDEX `outbox_queue_idx` ON `outbox` (`created_at`) WHERE "state" in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX `outbox_due_idx` ON `outbox` (`next_attempt_at`,`created_at`) WHERE "state" = 'pending';--> statement-breakpoint
CREATE INDEX `outbox_sending_idx` ON `outbox` (`claim_owner`) WHERE "state" = 'sending';--> statement-breakpoint
CREATE INDEX `outbox_conflict_idx` ON `outbox` (`sale_id`) WHERE "state" = 'conflict';