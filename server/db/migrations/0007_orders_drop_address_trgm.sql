-- The tabs search addresses within their bounded windows; the trigram index only cost every insert its upkeep.
DROP INDEX "orders_address_trgm_idx";