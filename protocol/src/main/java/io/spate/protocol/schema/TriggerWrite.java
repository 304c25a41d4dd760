package io.spate.protocol.schema;

/**
 * A trigger of another table whose body inserts rows into this one: while that table loads, the
 * server writes here too.
 *
 * @param trigger the trigger's name
 * @param table the {@link Table#id()} of the table it fires on
 */
public record TriggerWrite(String trigger, String table) {

  @Override
  public String toString() {
    return "trigger " + trigger + " on " + table;
  }
}
