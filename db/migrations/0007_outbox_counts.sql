CREATE TABLE `outbox_counts` (
	`state` text PRIMARY KEY NOT NULL,
	`count` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO `outbox_counts` (`state`, `count`) VALUES ('pending', 0), ('sending', 0), ('synced', 0), ('conflict', 0), ('discarded', 0);--> statement-breakpoint
UPDATE `outbox_counts` SET `count` = (SELECT count(*) FROM `outbox` WHERE `outbox`.`state` = `outbox_counts`.`state`);--> statement-breakpoint
CREATE TRIGGER `outbox_counts_insert` AFTER INSERT ON `outbox` BEGIN
  UPDATE `outbox_counts` SET `count` = `count` + 1 WHERE `state` = NEW.`state`;
END;--> statement-breakpoint
CREATE TRIGGER `outbox_counts_delete` AFTER DELETE ON `outbox` BEGIN
  UPDATE `outbox_counts` SET `count` = `count` - 1 WHERE `state` = OLD.`state`;
END;--> statement-breakpoint
CREATE TRIGGER `outbox_counts_update` AFTER UPDATE OF `state` ON `outbox` WHEN OLD.`state` <> NEW.`state` BEGIN
  UPDATE `outbox_counts` SET `count` = `count` - 1 WHERE `state` = OLD.`state`;
  UPDATE `outbox_counts` SET `count` = `count` + 1 WHERE `state` = NEW.`state`;
END;
