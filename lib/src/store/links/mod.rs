//! Links: the stored link, its writes in batches, the operator's holds on them, the change a stream reports, the slug index, listing, and the count of links on each custom domain.

pub(crate) mod batches;
pub(crate) mod changes;
pub(crate) mod domain_links;
pub(crate) mod holds;
pub(crate) mod index;
pub(crate) mod listing;
pub(crate) mod stored;
