/**
 * Local mode ({@code spate local}): the worker's engine run in-process on a thread pool. Tasks of a
 * table start only after every table it references has committed, so constraints stay enforced.
 */
package io.spate.core.local;
