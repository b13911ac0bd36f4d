CREATE TABLE `archives` (
	`year` integer PRIMARY KEY NOT NULL,
	`file` text NOT NULL,
	`sales` integer DEFAULT 0 NOT NULL,
	`max_receipt` integer DEFAULT 0 NOT NULL,
	`updated_at` integer NOT NULL
);
