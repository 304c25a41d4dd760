-- Forms of Lago's billing schema (getlago/lago-api, db/structure.sql) and osTicket's keys.

CREATE TYPE alert_type AS ENUM ('usage', 'lifetime', 'wallet_balance', 'credits');
CREATE TABLE organizations (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), name text NOT NULL);
CREATE TABLE wallets (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    organization_id uuid NOT NULL REFERENCES organizations);

-- A key holding wallet_id, which its CHECK writes NULL, holds whatever the rest holds.
CREATE TABLE alerts (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    organization_id uuid NOT NULL REFERENCES organizations,
    subscription_external_id varchar,
    wallet_id uuid REFERENCES wallets,
    alert_type alert_type NOT NULL,
    CONSTRAINT alerts_subscription_xor_wallet
        CHECK ((subscription_external_id IS NOT NULL) <> (wallet_id IS NOT NULL)));
CREATE UNIQUE INDEX alerts_per_wallet ON alerts (wallet_id, organization_id, alert_type);
CREATE UNIQUE INDEX alerts_per_subscription
    ON alerts (subscription_external_id, organization_id, alert_type);

-- Two thresholds a plan (recurring or not), each applied once an invoice.
CREATE TABLE plans (id uuid PRIMARY KEY DEFAULT gen_random_uuid());
CREATE TABLE thresholds (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    plan_id uuid REFERENCES plans,
    recurring boolean NOT NULL DEFAULT false,
    amount_cents bigint NOT NULL);
CREATE UNIQUE INDEX thresholds_per_plan ON thresholds (plan_id, recurring);
CREATE TABLE invoices (id uuid PRIMARY KEY DEFAULT gen_random_uuid());
CREATE TABLE applied_thresholds (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    threshold_id uuid NOT NULL REFERENCES thresholds,
    invoice_id uuid NOT NULL REFERENCES invoices);
CREATE UNIQUE INDEX applied_once ON applied_thresholds (threshold_id, invoice_id);

-- A key holding part of a composite foreign key, whose part is the parent's key.
CREATE TABLE memberships (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    organization_id uuid NOT NULL REFERENCES organizations,
    UNIQUE (id, organization_id));
CREATE TABLE roles (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), code text NOT NULL UNIQUE);
CREATE TABLE membership_roles (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    organization_id uuid NOT NULL,
    membership_id uuid NOT NULL,
    role_id uuid NOT NULL REFERENCES roles,
    FOREIGN KEY (membership_id, organization_id) REFERENCES memberships (id, organization_id));
CREATE UNIQUE INDEX membership_roles_once ON membership_roles (membership_id, role_id);

-- osTicket: a one-letter column in a key a smaller key implies, and beside two wide columns.
CREATE TABLE attachment (
    id serial PRIMARY KEY,
    object_id int NOT NULL,
    file_id int NOT NULL,
    type char(1) NOT NULL,
    UNIQUE (object_id, file_id, type),
    UNIQUE (file_id, object_id));
CREATE TABLE thread_referral (
    id serial PRIMARY KEY,
    thread_id int NOT NULL,
    object_id int NOT NULL,
    object_type char(1) NOT NULL,
    UNIQUE (object_id, object_type, thread_id));

-- Two CHECKs tie a status to other columns' NULLs: read alone, each by its first branch, they ask
-- 'approved' and 'voided' at once; read together, the second keeps void_reason NULL instead.
CREATE TYPE quote_status AS ENUM ('draft', 'approved', 'voided');
CREATE TABLE quote_versions (
    id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
    status quote_status NOT NULL DEFAULT 'draft',
    approved_at timestamp,
    voided_at timestamp,
    void_reason text,
    CONSTRAINT approved_at_matches_status
        CHECK ((status = 'approved') = (approved_at IS NOT NULL)),
    CONSTRAINT void_fields_match_status
        CHECK ((status = 'voided') = (void_reason IS NOT NULL AND voided_at IS NOT NULL)));
