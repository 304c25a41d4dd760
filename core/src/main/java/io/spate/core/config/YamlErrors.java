package io.spate.core.config;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParseException;
import java.io.StringReader;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * One-line messages for the YAML errors of a config, at the position SnakeYAML marks. Jackson's own
 * location is where its last token ended, which for a scanner error (a tab) can be lines before the
 * offending character, and for a duplicate key it names only the second occurrence.
 */
final class YamlErrors {

  /** The start of the message Jackson's {@code STRICT_DUPLICATE_DETECTION} fails with. */
  private static final String DUPLICATE = "Duplicate field '";

  private YamlErrors() {}

  /** A syntax error's problem at SnakeYAML's mark: {@code line 3, column 1: found character...}. */
  static Optional<String> syntax(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof MarkedYAMLException m) {
        Mark mark = m.getProblemMark() != null ? m.getProblemMark() : m.getContextMark();
        String problem = m.getProblem() != null ? m.getProblem() : m.getContext();
        return Optional.of(at(mark) + ": " + problem);
      }
    }
    return Optional.empty();
  }

  /**
   * A key Jackson found twice in one mapping, with the positions of both occurrences: Jackson
   * detects it and reports where the second key ends; the first is found in SnakeYAML's node tree
   * of the same text, in the mapping that holds the second.
   */
  static Optional<String> duplicateKey(String text, JacksonException e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof JsonParseException p
          && p.getOriginalMessage().startsWith(DUPLICATE)
          && p.getLocation() != null) {
        Node root;
        try {
          root = new Yaml().compose(new StringReader(text));
        } catch (MarkedYAMLException later) {
          return syntax(later); // a syntax error after the duplicate: that one needs fixing too
        }
        Set<Node> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        return occurrences(root, p.getLocation(), seen);
      }
    }
    return Optional.empty();
  }

  private static Optional<String> occurrences(Node node, JsonLocation end, Set<Node> seen) {
    if (node == null || !seen.add(node)) {
      return Optional.empty();
    }
    if (node instanceof SequenceNode s) {
      for (Node item : s.getValue()) {
        Optional<String> found = occurrences(item, end, seen);
        if (found.isPresent()) {
          return found;
        }
      }
    } else if (node instanceof MappingNode m) {
      List<NodeTuple> tuples = m.getValue();
      for (int i = 0; i < tuples.size(); i++) {
        if (tuples.get(i).getKeyNode() instanceof ScalarNode key && endsAt(key, end)) {
          for (NodeTuple earlier : tuples.subList(0, i)) {
            if (earlier.getKeyNode() instanceof ScalarNode first
                && first.getValue().equals(key.getValue())) {
              return Optional.of(
                  "duplicate key '"
                      + key.getValue()
                      + "' at "
                      + at(key.getStartMark())
                      + " (first at "
                      + at(first.getStartMark())
                      + ")");
            }
          }
        }
        Optional<String> found = occurrences(tuples.get(i).getValueNode(), end, seen);
        if (found.isPresent()) {
          return found;
        }
      }
    }
    return Optional.empty();
  }

  /** SnakeYAML's marks count from 0, Jackson's locations from 1. */
  private static boolean endsAt(Node key, JsonLocation end) {
    Mark mark = key.getEndMark();
    return mark.getLine() + 1 == end.getLineNr() && mark.getColumn() + 1 == end.getColumnNr();
  }

  private static String at(Mark mark) {
    return "line " + (mark.getLine() + 1) + ", column " + (mark.getColumn() + 1);
  }
}
