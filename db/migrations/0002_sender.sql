ALTER TABLE `sync_state` ADD `sender_mode` text;--> statement-breakpoint
ALTER TABLE `sync_state` ADD `sender_base_url` text;