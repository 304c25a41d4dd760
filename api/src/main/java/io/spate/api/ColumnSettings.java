package io.spate.api;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One column's overrides, named as in {@code fill.yaml} ({@code columns.NAME}). Literals use
 * PostgreSQL's input syntax for the column's type.
 */
public final class ColumnSettings {

  private final ObjectNode node;

  ColumnSettings(ObjectNode node) {
    this.node = node;
  }

  /** A fixed value for every row ({@code value}). */
  public ColumnSettings value(String value) {
    node.put("value", value);
    return this;
  }

  /** A list to draw from ({@code values}). */
  public ColumnSettings values(String... values) {
    ArrayNode list = node.putArray("values");
    for (String v : values) {
      list.add(v);
    }
    return this;
  }

  /** The weights of {@link #values}, one each ({@code weights}). */
  public ColumnSettings weights(double... weights) {
    ArrayNode list = node.putArray("weights");
    for (double w : weights) {
      list.add(w);
    }
    return this;
  }

  /** The lowest value: numbers, dates, times ({@code min}). */
  public ColumnSettings min(String min) {
    node.put("min", min);
    return this;
  }

  /** The highest value, inclusive ({@code max}). */
  public ColumnSettings max(String max) {
    node.put("max", max);
    return this;
  }

  /** Text length: {@code "N"} or {@code "MIN..MAX"} characters ({@code length}). */
  public ColumnSettings length(String length) {
    node.put("length", length);
    return this;
  }

  /** Share of NULLs, nullable columns only ({@code nullRatio}). */
  public ColumnSettings nullRatio(double ratio) {
    node.put("nullRatio", ratio);
    return this;
  }

  /** {@code uniform} (the default), {@code zipf} or {@code normal} ({@code distribution}). */
  public ColumnSettings distribution(String distribution) {
    node.put("distribution", distribution);
    return this;
  }

  /** Leaves the column out: the database's default, or NULL, fills it ({@code skip}). */
  public ColumnSettings skip() {
    node.put("skip", true);
    return this;
  }
}
