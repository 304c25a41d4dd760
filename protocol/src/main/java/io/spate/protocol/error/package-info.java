/**
 * The exception hierarchy shared by every module: {@link io.spate.protocol.error.SpateException}
 * for what the user must fix, {@link io.spate.protocol.error.RetriableException} for what may pass
 * on a second try.
 */
package io.spate.protocol.error;
