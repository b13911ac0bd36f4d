ALTER TABLE `sync_state` ADD `integrity_checked_at` integer;--> statement-breakpoint
ALTER TABLE `sync_state` ADD `integrity_problem` text;