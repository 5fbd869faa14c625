CREATE TABLE "sale_order_supplier" (
	"order_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"status" smallint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"total_cents" integer NOT NULL,
	"member_id" integer NOT NULL,
	CONSTRAINT "sale_order_supplier_pkey" PRIMARY KEY("order_id","supplier_id")
);
--> statement-breakpoint
ALTER TABLE "sale_order_supplier" ADD CONSTRAINT "sale_order_supplier_order_id_sale_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sale_order"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sale_order_supplier" ADD CONSTRAINT "sale_order_supplier_supplier_id_supplier_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."supplier"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Every supplier of the orders already placed.
INSERT INTO sale_order_supplier (order_id, supplier_id, status, created_at, total_cents, member_id)
  SELECT DISTINCT o.id, l.supplier_id, o.status, o.created_at, o.total_cents, o.member_id
  FROM sale_order_line l JOIN sale_order o ON o.id = l.order_id;--> statement-breakpoint
CREATE INDEX "sale_order_supplier_created_idx" ON "sale_order_supplier" USING btree ("supplier_id","created_at" DESC NULLS LAST,"order_id" DESC NULLS LAST) INCLUDE ("status","total_cents","member_id");--> statement-breakpoint
CREATE INDEX "sale_order_supplier_status_idx" ON "sale_order_supplier" USING btree ("supplier_id","status","created_at" DESC NULLS LAST,"order_id" DESC NULLS LAST) INCLUDE ("total_cents","member_id");--> statement-breakpoint
-- An order's lines add its suppliers (once each, whatever the number of lines or statements).
CREATE FUNCTION "sale_order_supplier_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sale_order_supplier (order_id, supplier_id, status, created_at, total_cents, member_id)
  SELECT DISTINCT o.id, l.supplier_id, o.status, o.created_at, o.total_cents, o.member_id
  FROM new_lines l JOIN sale_order o ON o.id = l.order_id
  ON CONFLICT (order_id, supplier_id) DO NOTHING;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "sale_order_supplier_add" AFTER INSERT ON "sale_order_line"
  REFERENCING NEW TABLE AS new_lines FOR EACH STATEMENT EXECUTE FUNCTION "sale_order_supplier_add"();--> statement-breakpoint
-- The copied columns follow the order (its status moves through its life).
CREATE FUNCTION "sale_order_supplier_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE sale_order_supplier SET status = NEW.status, created_at = NEW.created_at,
    total_cents = NEW.total_cents, member_id = NEW.member_id
  WHERE order_id = NEW.id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "sale_order_supplier_follow" AFTER UPDATE OF status, created_at, total_cents, member_id ON "sale_order"
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR OLD.total_cents IS DISTINCT FROM NEW.total_cents OR OLD.member_id IS DISTINCT FROM NEW.member_id)
  EXECUTE FUNCTION "sale_order_supplier_follow"();