CREATE TABLE `print_jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`ref` text,
	`lines` text,
	`open_drawer` integer DEFAULT false NOT NULL,
	`reason` text,
	`state` text DEFAULT 'waiting' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_problem` text,
	`created_at` integer NOT NULL,
	`done_at` integer,
	`claimed_by` text,
	`claimed_until` integer,
	CONSTRAINT "print_jobs_kind_valid" CHECK("kind" in ('receipt', 'refund', 'report', 'drawer', 'test')),
	CONSTRAINT "print_jobs_state_valid" CHECK("state" in ('waiting', 'printed', 'cancelled'))
);
--> statement-breakpoint
CREATE INDEX `print_jobs_waiting_idx` ON `print_jobs` (`id`) WHERE "print_jobs"."state" = 'waiting';--> statement-breakpoint
CREATE INDEX `print_jobs_ref_idx` ON `print_jobs` (`ref`);