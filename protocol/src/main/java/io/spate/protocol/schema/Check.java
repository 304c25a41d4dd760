package io.spate.protocol.schema;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.List;
import java.util.Set;

/**
 * A CHECK constraint in one of the forms the generator honours. Literals keep the database's text
 * form (without quotes or casts); the generator parses them by the column's type.
 *
 * <p>On the wire each check carries a {@code kind}; the names are part of the message protocol and
 * never change (a new kind is a new major message version).
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
@JsonSubTypes({
  @JsonSubTypes.Type(value = Check.InList.class, name = "in"),
  @JsonSubTypes.Type(value = Check.CompareLiteral.class, name = "compare"),
  @JsonSubTypes.Type(value = Check.CompareColumns.class, name = "columns"),
  @JsonSubTypes.Type(value = Check.Length.class, name = "length"),
  @JsonSubTypes.Type(value = Check.Matches.class, name = "matches"),
  @JsonSubTypes.Type(value = Check.Unparsed.class, name = "unparsed")
})
public sealed interface Check {

  /** The constraint's name, for messages. */
  String name();

  /**
   * How the name of a CHECK an introspector made for a type's own range begins (an unsigned or
   * tinyint column's, which the database declares no CHECK for); the type follows it.
   */
  String TYPE_RANGE = "range of ";

  /** Whether this is a type's own range ({@link #TYPE_RANGE}), no CHECK the schema declares. */
  default boolean typeBound() {
    return name() != null && name().startsWith(TYPE_RANGE);
  }

  /** {@code column IN (values...)}, also {@code column = ANY (ARRAY[...])}. */
  record InList(String name, String column, List<String> values) implements Check {
    public InList {
      values = List.copyOf(values);
    }
  }

  /**
   * The clock as {@link CompareLiteral} carries it in place of a literal: {@code created_at <=
   * now()} is {@code CompareLiteral(name, "created_at", "<=", "now()")}. It is pinned to a date or
   * timestamp once, when the fill is planned, so the plan holds no clock.
   */
  Set<String> CLOCKS =
      Set.of(
          "now()",
          "CURRENT_DATE",
          "CURRENT_TIMESTAMP",
          "LOCALTIMESTAMP",
          "transaction_timestamp()",
          "statement_timestamp()",
          "clock_timestamp()");

  /**
   * {@code column op literal}; {@code op} is one of {@code < <= > >= = <>}; the literal may be one
   * of the {@link #CLOCKS} until the fill is planned.
   */
  record CompareLiteral(String name, String column, String op, String literal) implements Check {}

  /** {@code left op right} between two columns of the same row. */
  record CompareColumns(String name, String left, String op, String right) implements Check {}

  /**
   * {@code function(column) op literal}: a bound on the length of a text value. {@code function} is
   * {@code length}, {@code char_length} (characters) or {@code octet_length} (bytes); {@code op} is
   * one of {@code < <= > >= = <>} and {@code literal} an integer. {@code BETWEEN} arrives as two.
   */
  record Length(String name, String column, String function, String op, String literal)
      implements Check {}

  /**
   * {@code column ~ 'pattern'} (or {@code ~*} when {@code caseInsensitive}): the value contains a
   * match of a POSIX regular expression, as PostgreSQL's {@code ~} searches (unanchored unless the
   * pattern says {@code ^...$}).
   */
  record Matches(String name, String column, String pattern, boolean caseInsensitive)
      implements Check {
    /** The condition as SQL, for messages: {@code code ~ '^[A-Z]{3}$'}. */
    public String text() {
      return column + (caseInsensitive ? " ~* '" : " ~ '") + pattern.replace("'", "''") + "'";
    }
  }

  /** A CHECK Spate cannot interpret; {@code columns} are the columns it mentions. */
  record Unparsed(String name, List<String> columns, String text) implements Check {
    public Unparsed {
      columns = List.copyOf(columns);
    }
  }
}
