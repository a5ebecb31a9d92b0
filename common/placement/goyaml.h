/*
 * goyaml.h - Go's yaml decoding into YuniKorn's configuration types, as
 * each release does it: yaml.v2's UnmarshalStrict up to 1.3, yaml.v3 with
 * KnownFields from 1.4. It owns what the two libraries make of a YAML
 * tree: how a scalar resolves (YAML 1.1 booleans in v2; v3 taking
 * "yes"/"on"... only into a bool, quoted too), which values a Go string,
 * bool, uint64 or float64 takes, nulls in lists, merge keys, duplicate
 * keys, unknown fields, and every message in the libraries' words
 * ("cannot unmarshal !!str `bogus` into bool"), reported at the node with
 * the "line N: " of the message left to the position.
 *
 * The caller walks the configuration, naming the Go type it decodes each
 * node into; a struct is a field table (fieldtab.h: its fields' names, the
 * releases that know them as modes, their Go types), and its mapping is
 * visited member by member, in the libraries' order, through a callback
 * given the field; a sequence item by item, through a callback given the
 * item.
 *
 * Aliases are judged as both libraries judge them (decode.go's
 * allowedAliasRatio, the same in v2.2.8, v2.4.0, v3.0.1 and v3.0.4): every
 * node decoded counts (the library's decodeCount: the document, each
 * struct's or map's keys, the values of the fields it knows, each item;
 * an alias twice, as itself and as what it stands for), and counts as
 * aliased when decoded through an alias (aliasCount). Once more than 100
 * are aliased and more than 1000 decoded, the aliased share may not pass
 * 99% up to 400000 nodes decoded, 10% from 4000000, and a straight line
 * between: past it, "yaml: document contains excessive aliasing" ends
 * decoding, as it ends the library's. The text aliases expand to has a
 * limit of its own (PL_YAML_MAXALIASTEXT): the library shares it, placekit
 * copies it. Past it, nodes are only counted to the end, so that a
 * document the library refuses is refused in its words, and one it
 * takes is refused then, in placekit's.
 */
#ifndef PK_GOYAML_H
#define PK_GOYAML_H

#include <stddef.h>
#include <stdint.h>

#include "confmsg.h"
#include "fieldtab.h"
#include "resources.h"
#include "yamlload.h"

#define PL_YAML_MAXALIASTEXT (64UL << 20)	/* bytes of text decoded
						   through aliases */

struct pl_yaml {
	int v3;				/* yaml.v3 (1.4 and later) */
	unsigned mode;			/* the field table modes that exist */
	const struct pl_vout *o;
	int depth;			/* merge nesting */
	int fatal;			/* an error that ends decoding was found: */
	unsigned long fatal_at;		/* the first, as the how-manieth message
					   of o->d (0-based) */
	int stop;			/* decoding ended (excessive aliasing):
					   nothing more is decoded */
	unsigned long decodes, aliased;	/* the library's decodeCount and
					   aliasCount */
	int in_alias;			/* its aliasDepth */
	size_t alias_text;		/* bytes of scalars decoded through
					   aliases */
	const struct yl_node *dry_at;	/* where they passed the limit: from
					   there on nodes are only counted,
					   no value decoded, nothing said */
};

/*
 * A member of a mapping decoded into a struct: field, its index in the
 * struct's table, and its value.
 */
typedef void pl_yaml_member(void *arg, int field, const struct yl_node *val);

/*
 * Decode a mapping into the struct of table t (t->what is its Go type,
 * "configs.QueueConfig"), calling member for each member decoding reaches,
 * in the library's order; a key that is no field of t in y->mode is
 * reported. Null is the zero value (nothing called); anything but a
 * mapping is a type error. Returns 0, or -1 when the node was not decoded
 * (the fields keep their zero values) or decoding has ended (y->stop).
 */
int pl_yaml_struct(struct pl_yaml *, const struct yl_node *,
    const struct ft_table *t, pl_yaml_member *, void *arg);
/* The same for a document's root, as the library's Decode: the document
 * and its root counted. */
int pl_yaml_document(struct pl_yaml *, const struct yl_node *root,
    const struct ft_table *t, pl_yaml_member *, void *arg);
/*
 * Decode a map[string]string into out (cleared first; out->set when it is
 * not null, as Go's non-nil map), or a map[string]float64 into out with
 * the numbers in *nums (freed by the caller) when nums is not NULL.
 * Positions are the values'. 0, or -1 as above.
 */
int pl_yaml_strmap(struct pl_yaml *, const struct yl_node *,
    struct pl_rconf *out, double **nums);

/* An item of a sequence decoded into a slice. */
typedef void pl_yaml_item(void *arg, const struct yl_node *item);

/*
 * Decode a sequence into a slice of gotype ("[]string"), calling item for
 * each item in order, but the nulls v3 drops when drop_null. 0, or -1
 * after a type error (no item), or when decoding has ended.
 */
int pl_yaml_seq(struct pl_yaml *, const struct yl_node *, const char *gotype,
    int drop_null, pl_yaml_item *, void *arg);

/*
 * Scalars. Each returns 1 with the value, 0 for a null (the Go zero
 * value; a string is "" and not set), or -1 after reporting the type
 * error. A string takes any scalar's text as written.
 */
int pl_yaml_string(struct pl_yaml *, const struct yl_node *, struct pl_cstr *);
int pl_yaml_bool(struct pl_yaml *, const struct yl_node *, int *);
int pl_yaml_uint64(struct pl_yaml *, const struct yl_node *, uint64_t *);
int pl_yaml_float64(struct pl_yaml *, const struct yl_node *, double *);
/* Would the node decode as null (nothing set)? */
int pl_yaml_null(const struct pl_yaml *, const struct yl_node *);

#endif
