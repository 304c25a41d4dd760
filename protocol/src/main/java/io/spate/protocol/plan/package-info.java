/**
 * The fill plan: per table its slot space, row count, column and reference rules, and the tasks
 * (slot ranges) that cut it. A plan is data: any worker holding it produces any task's rows, and
 * the same plan always produces the same bytes.
 */
package io.spate.protocol.plan;
