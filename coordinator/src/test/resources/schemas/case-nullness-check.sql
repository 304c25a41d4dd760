-- Reproduces: CHECK (CASE WHEN a IS NULL THEN b IS NOT NULL ELSE b IS NULL AND c IS NULL END) over three nullable references is "not a form Spate understands"; its advice (a: {nullRatio: 1}) gets the same error.
-- Found in Icinga DB's PostgreSQL schema (Icinga/icingadb schema/pgsql/schema.sql @ a177eda: dependency_node's ck_dependency_node_either_checkable_or_redundancy_group_id).
CREATE TABLE host (id bigint PRIMARY KEY, name varchar(255) NOT NULL);
CREATE TABLE service (id bigint PRIMARY KEY, host_id bigint NOT NULL REFERENCES host (id), name varchar(255) NOT NULL);
CREATE TABLE redundancy_group (id bigint PRIMARY KEY, display_name text NOT NULL);

CREATE TABLE dependency_node (
  id bigint NOT NULL,
  host_id bigint DEFAULT NULL REFERENCES host (id),
  service_id bigint DEFAULT NULL REFERENCES service (id),
  redundancy_group_id bigint DEFAULT NULL REFERENCES redundancy_group (id),

  CONSTRAINT pk_dependency_node PRIMARY KEY (id),

  CONSTRAINT ck_dependency_node_either_checkable_or_redundancy_group_id CHECK (
    CASE WHEN redundancy_group_id IS NULL THEN host_id IS NOT NULL ELSE host_id IS NULL AND service_id IS NULL END
  )
);

CREATE UNIQUE INDEX idx_dependency_node_host_service_redundancygroup_id ON dependency_node(host_id, service_id, redundancy_group_id);
