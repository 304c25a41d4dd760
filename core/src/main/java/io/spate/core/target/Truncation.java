package io.spate.core.target;

import io.spate.protocol.error.SpateException;
import io.spate.protocol.plan.TablePlan;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * {@code --truncate}: empties the tables to fill in one {@code TRUNCATE}, with every table outside
 * the fill that references one of them (a table sized {@code rows: 0}, a table in a schema not
 * filled), which PostgreSQL refuses to leave behind. Such a table is emptied only when it holds no
 * rows; one that holds rows stops the fill before anything is emptied, naming it, its foreign key
 * and the ways out. {@code CASCADE} is never used: it would empty tables nobody named.
 *
 * <p>Invariant: the tables are locked, checked and emptied in one transaction, and every table to
 * be emptied is named before the {@code TRUNCATE} runs.
 */
public final class Truncation {

  /**
   * The tables to fill (its one parameter: their qualified names), in that order, then every table
   * that references one of those it reaches by a foreign key, at any depth, by name, each with the
   * key that ties it in and the table that key references (partitions count as their root).
   */
  private static final String EMPTIED_SQL =
      """
      WITH RECURSIVE emptied(relid, ord, via, referenced) AS (
        SELECT name::regclass::oid, ord, NULL::name, NULL::oid
        FROM unnest(?::text[]) WITH ORDINALITY AS t(name, ord)
        UNION
        SELECT coalesce(pg_partition_root(con.conrelid), con.conrelid::regclass)::oid, NULL::bigint,
               con.conname, emptied.relid
        FROM emptied
        JOIN pg_constraint con
          ON con.contype = 'f' AND con.conparentid = 0
         AND coalesce(pg_partition_root(con.confrelid), con.confrelid::regclass)::oid = emptied.relid
      ), first AS (
        SELECT DISTINCT ON (relid) * FROM emptied ORDER BY relid, ord NULLS LAST, via
      )
      SELECT quote_ident(n.nspname) || '.' || quote_ident(c.relname) AS name, first.via,
             quote_ident(rn.nspname) || '.' || quote_ident(r.relname) AS referenced
      FROM first
      JOIN pg_class c ON c.oid = first.relid
      JOIN pg_namespace n ON n.oid = c.relnamespace
      LEFT JOIN pg_class r ON r.oid = first.referenced
      LEFT JOIN pg_namespace rn ON rn.oid = r.relnamespace
      ORDER BY first.ord NULLS LAST, name
      """;

  /** A table the {@code TRUNCATE} empties; {@code via} is null for a table to fill. */
  private record Emptied(String name, String via, String referenced) {
    boolean outside() {
      return via != null;
    }

    String reference() {
      return name + " references " + referenced + " (foreign key " + via + ")";
    }
  }

  private Truncation() {}

  /** Empties {@code filled} and the empty tables outside the fill that reference them. */
  public static void run(Connection c, List<TablePlan> filled, Consumer<String> notes)
      throws SQLException {
    List<Emptied> emptied = emptied(c, filled);
    if (emptied.isEmpty()) {
      return;
    }
    String names = emptied.stream().map(Emptied::name).collect(Collectors.joining(", "));
    c.setAutoCommit(false);
    try (Statement s = c.createStatement()) {
      s.execute("LOCK TABLE " + names + " IN ACCESS EXCLUSIVE MODE");
      List<Emptied> holding = new ArrayList<>();
      for (Emptied e : emptied) {
        if (e.outside()) {
          try (ResultSet rs = s.executeQuery("SELECT EXISTS (SELECT 1 FROM " + e.name() + ")")) {
            rs.next();
            if (rs.getBoolean(1)) {
              holding.add(e);
            }
          }
        }
      }
      if (!holding.isEmpty()) {
        throw refusal(holding);
      }
      List<String> outside =
          emptied.stream().filter(Emptied::outside).map(Emptied::reference).toList();
      notes.accept(
          "--truncate: emptying "
              + names
              + (outside.isEmpty()
                  ? ""
                  : " (outside the fill but empty, and referencing a table emptied: "
                      + String.join("; ", outside)
                      + ")"));
      s.execute("TRUNCATE " + names);
      c.commit();
    } catch (SQLException | RuntimeException e) {
      c.rollback();
      throw e;
    } finally {
      c.setAutoCommit(true);
    }
  }

  private static List<Emptied> emptied(Connection c, List<TablePlan> filled) throws SQLException {
    List<Emptied> emptied = new ArrayList<>();
    try (PreparedStatement statement = c.prepareStatement(EMPTIED_SQL)) {
      statement.setArray(
          1,
          c.createArrayOf(
              "text", filled.stream().map(t -> t.table().qualifiedName()).toArray(String[]::new)));
      try (ResultSet rs = statement.executeQuery()) {
        while (rs.next()) {
          emptied.add(
              new Emptied(rs.getString("name"), rs.getString("via"), rs.getString("referenced")));
        }
      }
    }
    return emptied;
  }

  private static SpateException refusal(List<Emptied> holding) {
    String names = holding.stream().map(Emptied::name).collect(Collectors.joining(", "));
    return new SpateException(
        "--truncate would have to empty tables outside the fill that hold rows, so nothing was emptied: "
            + holding.stream().map(Emptied::reference).collect(Collectors.joining("; "))
            + ". Empty them first yourself (TRUNCATE "
            + names
            + "), add them to the fill (--schema for another schema, rows for a table sized rows: 0), or drop those foreign keys");
  }
}
