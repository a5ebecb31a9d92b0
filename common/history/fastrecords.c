/*
 * fastrecords.c - the history reader's fast path (rh_rec_fast, records.h): a
 * NodeEntryRecord of the usual shape read straight from its text with
 * jsonscan.h, for the million-entry histories.
 *
 * The record's fields are found, read and checked by the same field
 * table as on the general path (fieldtab.h's raw reading); the fast path
 * declines - and the record goes through json-c and rh_rec_value() -
 * whatever the general path could warn about or refuse: unknown or
 * repeated fields, missing ones, a value of another kind or out of its
 * range, a role id that cannot be one, counters where the caller reads
 * Slider's fields only. Only its wrapper is its own.
 */
#include <string.h>

#include "fastrecords.h"
#include "jsonscan.h"
#include "records.h"

#define PRE "{\"entry\":{\"org.apache.slider.server.avro.NodeEntryRecord\":{"

size_t
rh_rec_fast(struct rh_rec *r, const char *text, size_t n, unsigned mode)
{
	struct js c = { text, text + n };
	struct ft_val fv[RH_E_N];
	struct ft *ft = &r->ft;	/* raw reading reports nothing */
	struct js_str k;
	int i;

	if (!r->in_save || r->opt->general ||
	    !js_word(&c, PRE, sizeof PRE - 1))
		return 0;
	ft->mode = mode;
	ft_begin(ft, &rh_rec_entry_table, fv);
	js_ws(&c);
	do {
		if (!js_str(&c, &k) || !js_eat(&c, ':') ||
		    (i = ft_raw_key(ft, k.s, k.n)) < 0 ||
		    !ft_raw_value(ft, i, &c))
			return 0;
	} while (js_eat(&c, ','));
	if (!js_eat(&c, '}') || !js_eat(&c, '}') || !js_is(&c, '}') ||
	    !ft_raw_done(ft) || !rh_role_valid(fv[RH_E_ROLE].i))
		return 0;
	r->nrec++;
	(void)rh_rec_entry(r, fv, NULL);
	return (size_t)(c.p - text);
}
