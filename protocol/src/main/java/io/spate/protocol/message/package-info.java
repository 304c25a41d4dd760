/**
 * The messages on Spate's Kafka topics (jobs, tasks, events) and their JSON encoding in {@link
 * io.spate.protocol.message.Messages}. Every message carries its protocol version {@code v} as
 * {@code major.minor}: a reader accepts any minor of its own major and ignores fields it does not
 * know, so a minor bump may only add fields; renaming, removing or re-meaning a field, or adding a
 * new kind of check or column plan, is a major bump that older readers refuse.
 */
package io.spate.protocol.message;
