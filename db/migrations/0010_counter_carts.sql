CREATE TABLE `carts` (
	`id` text PRIMARY KEY NOT NULL,
	`state` text NOT NULL,
	`note` text,
	`content` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	`held_at` integer,
	CONSTRAINT "carts_state_valid" CHECK("state" in ('open', 'held'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `carts_one_open` ON `carts` (`state`) WHERE "carts"."state" = 'open';