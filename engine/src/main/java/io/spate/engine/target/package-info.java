/**
 * The database a worker writes into: target names mapped to connection pools, the session settings
 * every connection to a target carries ({@link io.spate.engine.target.SessionSettings}: how soon
 * the server ends a silent client's session, how long a load waits for a lock), the single place
 * where database errors are classified as retriable or permanent, and the trigger switch a load may
 * set for its own transaction only ({@code SET LOCAL}), never beyond it. {@link
 * io.spate.engine.target.TargetIdentities} reads which database a target is, so a worker writes a
 * job only into the database it was planned against.
 */
package io.spate.engine.target;
