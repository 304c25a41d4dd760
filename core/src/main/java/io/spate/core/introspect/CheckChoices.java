package io.spate.core.introspect;

import io.spate.core.introspect.CheckParser.Branch;
import io.spate.protocol.schema.Check;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.stream.Collectors;

/**
 * The CHECKs of one table read together. Each is first read alone ({@link CheckParser#parse}: a
 * disjunction by its first branch Spate can keep without NULLs). When those readings ask one column
 * for listed values no value satisfies at once (Lago's {@code (status = 'approved') = (approved_at
 * IS NOT NULL)} beside {@code (status = 'voided') = (voided_at IS NOT NULL)}: {@code approved} and
 * {@code voided}), every CHECK takes instead its first branch that agrees with the ones the CHECKs
 * before it took, a branch that needs nullable columns NULL included ({@code status <> 'voided' AND
 * voided_at IS NULL}). Invariant: readings that agree are kept as they are, so only a table that
 * could not be planned reads otherwise; columns a branch needs NULL are kept as a nullness CHECK
 * ({@link #nullsCheck}), which the planner writes NULL ({@link NullRules}).
 */
final class CheckChoices {

  /** Branch combinations tried before the readings alone are kept (and their conflict reported). */
  private static final int MOST_TRIES = 10_000;

  /**
   * One CHECK constraint: its reading alone, and every branch the grammar reads.
   *
   * @param first the reading alone, as {@link CheckParser#parse} gives it (or the nullness rule of
   *     a CHECK it leaves unread)
   * @param branches its other ways of being satisfied, in order
   */
  record Constraint(String name, Branch first, List<Branch> branches) {}

  /** The checks and non-NULL columns of the chosen branches, in the constraints' order. */
  record Choice(List<Check> checks, Set<String> notNull) {}

  private CheckChoices() {}

  /**
   * The joint reading of {@code constraints}, or null when their first readings agree (or no joint
   * one is found, and the planner reports the conflict).
   *
   * @param nullable whether a column may be written NULL (declared nullable, not in the primary
   *     key)
   */
  static Choice choose(List<Constraint> constraints, Predicate<String> nullable) {
    List<Branch> firsts = constraints.stream().map(Constraint::first).toList();
    if (agree(firsts, nullable)) {
      return null;
    }
    List<Branch> chosen = new ArrayList<>();
    if (!search(constraints, nullable, chosen, new int[] {MOST_TRIES})) {
      return null;
    }
    List<Check> checks = new ArrayList<>();
    Set<String> notNull = new LinkedHashSet<>();
    for (int i = 0; i < constraints.size(); i++) {
      Branch b = chosen.get(i);
      checks.addAll(b.checks());
      notNull.addAll(b.notNull());
      if (!b.nulls().isEmpty()) {
        checks.add(nullsCheck(constraints.get(i).name(), b.nulls()));
      }
    }
    return new Choice(checks, notNull);
  }

  /** Depth first: each constraint's first reading, then its branches, that agree so far. */
  private static boolean search(
      List<Constraint> constraints, Predicate<String> nullable, List<Branch> chosen, int[] tries) {
    if (chosen.size() == constraints.size()) {
      return true;
    }
    Constraint next = constraints.get(chosen.size());
    Set<Branch> candidates = new LinkedHashSet<>();
    candidates.add(next.first());
    candidates.addAll(next.branches());
    for (Branch candidate : candidates) {
      if (--tries[0] < 0) {
        return false;
      }
      chosen.add(candidate);
      if (agree(chosen, nullable) && search(constraints, nullable, chosen, tries)) {
        return true;
      }
      chosen.removeLast();
    }
    return false;
  }

  /**
   * Whether the branches hold together: no column both NULL and non-NULL, NULL only where it may
   * be, and each column's listed values ({@code =}, {@code IN}) sharing one the {@code <>}s leave.
   */
  static boolean agree(List<Branch> branches, Predicate<String> nullable) {
    Set<String> nulls = new HashSet<>();
    Set<String> notNull = new HashSet<>();
    Map<String, Set<String>> listed = new HashMap<>();
    Map<String, Set<String>> excluded = new HashMap<>();
    for (Branch b : branches) {
      nulls.addAll(b.nulls());
      notNull.addAll(b.notNull());
      for (Check check : b.checks()) {
        switch (check) {
          case Check.InList in -> narrow(listed, in.column(), in.values());
          case Check.CompareLiteral cmp when cmp.op().equals("=") ->
              narrow(listed, cmp.column(), List.of(cmp.literal()));
          case Check.CompareLiteral cmp when cmp.op().equals("<>") ->
              excluded.computeIfAbsent(cmp.column(), c -> new HashSet<>()).add(cmp.literal());
          default -> {}
        }
      }
    }
    if (nulls.stream().anyMatch(c -> notNull.contains(c) || !nullable.test(c))) {
      return false;
    }
    return listed.entrySet().stream()
        .allMatch(
            e ->
                e.getValue().stream()
                    .anyMatch(v -> !excluded.getOrDefault(e.getKey(), Set.of()).contains(v)));
  }

  private static void narrow(Map<String, Set<String>> listed, String column, List<String> values) {
    listed.merge(
        column,
        new LinkedHashSet<>(values),
        (a, b) -> a.stream().filter(b::contains).collect(Collectors.toCollection(HashSet::new)));
  }

  /** The columns a branch needs NULL, as the nullness CHECK the planner keeps. */
  static Check.Unparsed nullsCheck(String name, Set<String> nulls) {
    List<String> columns = nulls.stream().sorted().toList();
    String text =
        "CHECK ("
            + columns.stream()
                .map(c -> "(\"" + c.replace("\"", "\"\"") + "\" IS NULL)")
                .collect(Collectors.joining(" AND "))
            + ")";
    return new Check.Unparsed(name, columns, text);
  }
}
