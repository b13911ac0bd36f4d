CREATE TABLE `cashiers` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`role` text NOT NULL,
	`pin_hash` text NOT NULL,
	`failed_pins` integer DEFAULT 0 NOT NULL,
	`locked_at` integer,
	`created_at` integer NOT NULL,
	`removed_at` integer,
	CONSTRAINT "cashiers_role_valid" CHECK("role" in ('cashier', 'manager'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cashiers_active_name` ON `cashiers` (lower("name")) WHERE "cashiers"."removed_at" is null;--> statement-breakpoint
CREATE TABLE `drawer_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`shift_id` text NOT NULL,
	`kind` text NOT NULL,
	`amount_minor` integer NOT NULL,
	`reason` text NOT NULL,
	`cashier_id` text,
	`created_at` integer NOT NULL,
	`corrects_sale_id` text,
	FOREIGN KEY (`shift_id`) REFERENCES `shifts`(`id`) ON UPDATE no action ON DELETE no action,
	CONSTRAINT "drawer_entries_kind_valid" CHECK("kind" in ('cash_in', 'cash_out', 'safe_drop', 'no_sale', 'correction'))
);
--> statement-breakpoint
CREATE INDEX `drawer_entries_shift_idx` ON `drawer_entries` (`shift_id`);--> statement-breakpoint
CREATE TABLE `shifts` (
	`id` text PRIMARY KEY NOT NULL,
	`state` text NOT NULL,
	`opened_at` integer NOT NULL,
	`opened_by` text,
	`float_minor` integer NOT NULL,
	`float_counted` integer NOT NULL,
	`closed_at` integer,
	`closed_by` text,
	`z_number` integer,
	`counted_minor` integer,
	`z_report` text,
	CONSTRAINT "shifts_state_valid" CHECK("state" in ('open', 'closing', 'closed')),
	CONSTRAINT "shifts_float_not_negative" CHECK("shifts"."float_minor" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `shifts_one_current` ON `shifts` (1) WHERE "state" <> 'closed';--> statement-breakpoint
CREATE UNIQUE INDEX `shifts_z_number_unique` ON `shifts` (`z_number`);--> statement-breakpoint
ALTER TABLE `sales` ADD `shift_id` text;--> statement-breakpoint
ALTER TABLE `sales` ADD `cashier_id` text;--> statement-breakpoint
CREATE INDEX `sales_shift_idx` ON `sales` (`shift_id`);--> statement-breakpoint
-- A closed shift is locked: its row never changes, nothing new goes into it, and a sale's
-- shift and a drawer entry are fixed when they are made. A late correction is a new entry
-- in the open shift that names what it corrects.
CREATE TRIGGER `shifts_closed_locked` BEFORE UPDATE ON `shifts` WHEN OLD.`state` = 'closed'
BEGIN SELECT RAISE(ABORT, 'shift_locked: a closed shift never changes'); END;--> statement-breakpoint
CREATE TRIGGER `shifts_never_deleted` BEFORE DELETE ON `shifts`
BEGIN SELECT RAISE(ABORT, 'shift_locked: a shift is never deleted'); END;--> statement-breakpoint
CREATE TRIGGER `sales_shift_fixed` BEFORE UPDATE OF `shift_id` ON `sales`
WHEN OLD.`shift_id` IS NOT NEW.`shift_id`
BEGIN SELECT RAISE(ABORT, 'shift_locked: a sale''s shift is fixed when it is made'); END;--> statement-breakpoint
CREATE TRIGGER `sales_not_into_closed_shift` BEFORE INSERT ON `sales`
WHEN EXISTS (SELECT 1 FROM `shifts` WHERE `id` = NEW.`shift_id` AND `state` = 'closed')
BEGIN SELECT RAISE(ABORT, 'shift_locked: a sale cannot go into a closed shift'); END;--> statement-breakpoint
CREATE TRIGGER `drawer_entries_not_into_closed_shift` BEFORE INSERT ON `drawer_entries`
WHEN EXISTS (SELECT 1 FROM `shifts` WHERE `id` = NEW.`shift_id` AND `state` = 'closed')
BEGIN SELECT RAISE(ABORT, 'shift_locked: nothing goes into a closed shift'); END;--> statement-breakpoint
CREATE TRIGGER `drawer_entries_fixed` BEFORE UPDATE ON `drawer_entries`
BEGIN SELECT RAISE(ABORT, 'shift_locked: a drawer entry never changes'); END;--> statement-breakpoint
CREATE TRIGGER `drawer_entries_never_deleted` BEFORE DELETE ON `drawer_entries`
BEGIN SELECT RAISE(ABORT, 'shift_locked: a drawer entry is never deleted'); END;
