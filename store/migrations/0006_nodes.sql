-- Nodes: the server nodes sharing the database, each alive until its last
-- heartbeat's lease runs out. A table's lease is live while its owner node
-- is (or while the lease it got when claimed lasts), so that a node renews
-- one row a beat, not one per table.
CREATE TABLE nodes (
    name           TEXT PRIMARY KEY,
    alive_until_ms BIGINT NOT NULL
);
