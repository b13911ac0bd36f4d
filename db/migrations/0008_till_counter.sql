ALTER TABLE `products` ADD `barcode` text;--> statement-breakpoint
CREATE UNIQUE INDEX `products_barcode_unique` ON `products` (`barcode`) WHERE "products"."barcode" is not null;--> statement-breakpoint
ALTER TABLE `sales` ADD `tendered_minor` integer;--> statement-breakpoint
ALTER TABLE `sales` ADD `change_minor` integer;