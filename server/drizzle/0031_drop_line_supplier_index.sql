-- The supplier filter reads sale_order_supplier (0028): nothing reads order lines by supplier, and
-- every placed line paid for this index.
DROP INDEX "sale_order_line_supplier_idx";