package io.spate.protocol.message;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A job's record writes each repeated array once. Columns alike share one pool of values (a
 * person's names, free text, amounts), so a plan of thousands of tables would otherwise list the
 * same hundreds of values thousands of times, past the broker's record size. On encoding, every
 * array of at least {@link #MIN_SIZE} elements that occurs more than once moves to the message's
 * {@value #ARRAYS} field, and each occurrence becomes {@code {"$array": index}}; decoding puts them
 * back before the message is read. The model never sees the difference.
 *
 * <p>Invariant: indices follow the arrays' first occurrence in document order, so one message
 * always encodes to the same bytes.
 */
final class SharedArrays {

  /** The message's field holding the shared arrays. */
  static final String ARRAYS = "arrays";

  /** The field of an occurrence's stand-in, one that no record of the model has. */
  static final String REFERENCE = "$array";

  /** Shorter arrays stay where they are: a reference would save little or nothing. */
  static final int MIN_SIZE = 8;

  private SharedArrays() {}

  /** Moves the repeated arrays of {@code message} to its {@value #ARRAYS} field, in place. */
  static void share(ObjectNode message) {
    Map<ArrayNode, Integer> seen = new HashMap<>();
    count(message, seen);
    Map<ArrayNode, Integer> shared = new LinkedHashMap<>();
    replace(message, seen, shared);
    if (!shared.isEmpty()) {
      ArrayNode arrays = message.putArray(ARRAYS);
      shared.keySet().forEach(arrays::add);
    }
  }

  /**
   * Puts the arrays of the message's {@value #ARRAYS} field back where they are referenced, in
   * place.
   *
   * @throws IllegalArgumentException when a reference names no shared array
   */
  static void restore(ObjectNode message) {
    JsonNode arrays = message.remove(ARRAYS);
    if (arrays != null) {
      restore(message, arrays);
    }
  }

  private static void count(JsonNode node, Map<ArrayNode, Integer> seen) {
    if (node instanceof ArrayNode array && array.size() >= MIN_SIZE) {
      if (seen.merge(array, 1, Integer::sum) > 1) {
        return; // its elements were counted at its first occurrence
      }
    }
    node.forEach(child -> count(child, seen));
  }

  private static void replace(
      JsonNode node, Map<ArrayNode, Integer> seen, Map<ArrayNode, Integer> shared) {
    if (node instanceof ObjectNode object) {
      for (String name : object.properties().stream().map(Map.Entry::getKey).toList()) {
        JsonNode reference = referenceTo(object.get(name), seen, shared);
        if (reference != null) {
          object.set(name, reference);
        } else {
          replace(object.get(name), seen, shared);
        }
      }
    } else if (node instanceof ArrayNode array) {
      for (int i = 0; i < array.size(); i++) {
        JsonNode reference = referenceTo(array.get(i), seen, shared);
        if (reference != null) {
          array.set(i, reference);
        } else {
          replace(array.get(i), seen, shared);
        }
      }
    }
  }

  /** The stand-in for {@code node} when it is a repeated array, else null. */
  private static JsonNode referenceTo(
      JsonNode node, Map<ArrayNode, Integer> seen, Map<ArrayNode, Integer> shared) {
    if (!(node instanceof ArrayNode array) || seen.getOrDefault(array, 0) < 2) {
      return null;
    }
    int index = shared.computeIfAbsent(array, a -> shared.size());
    return JsonNodeFactory.instance.objectNode().put(REFERENCE, index);
  }

  private static void restore(JsonNode node, JsonNode arrays) {
    if (node instanceof ObjectNode object) {
      for (String name : object.properties().stream().map(Map.Entry::getKey).toList()) {
        JsonNode array = referenced(object.get(name), arrays);
        if (array != null) {
          object.set(name, array);
        } else {
          restore(object.get(name), arrays);
        }
      }
    } else if (node instanceof ArrayNode list) {
      for (int i = 0; i < list.size(); i++) {
        JsonNode array = referenced(list.get(i), arrays);
        if (array != null) {
          list.set(i, array);
        } else {
          restore(list.get(i), arrays);
        }
      }
    }
  }

  /** The shared array {@code node} stands in for, or null when it is no reference. */
  private static JsonNode referenced(JsonNode node, JsonNode arrays) {
    if (!(node instanceof ObjectNode object) || object.size() != 1 || !object.has(REFERENCE)) {
      return null;
    }
    JsonNode index = object.get(REFERENCE);
    JsonNode array = index.canConvertToInt() ? arrays.get(index.intValue()) : null;
    if (array == null || !array.isArray()) {
      throw new IllegalArgumentException(
          "a reference to shared array " + index + " of " + arrays.size() + " in the message");
    }
    return array;
  }
}
