//! A link's QR code, for both doors (`GET /links/{id}/qr` and the `get_link_qr` tool): the
//! stored settings checked again (links saved before the scanning rules may not pass), the
//! logo read or fetched, the code drawn.

use crate::domain::ids::ObjectId;
use crate::domain::{Invalid, LogoSource};
use crate::qr::{self, Logo, QrImage, QrRequest};
use crate::service::{Service, ServiceError, accounts::Access};

const LOGO_FIELD: &str = "qrSettings.logo";

impl Service {
    /// The code of a link of the caller's workspace (another workspace's link is not found, as
    /// for `get_link`). A code whose saved settings cannot be drawn scannably is refused with a
    /// sentence naming the setting to change.
    pub async fn link_qr(&self, access: &Access, id: &ObjectId, request: QrRequest) -> Result<QrImage, ServiceError> {
        let link = self
            .store
            .get_link(id)
            .await?
            .filter(|s| s.link.workspace_id == access.workspace.id)
            .ok_or(ServiceError::LinkNotFound)?
            .link;
        let settings = &link.settings.qr_settings;
        settings.check_colours().map_err(|e| {
            unavailable(
                e.field,
                format!(
                    "This link's QR code cannot be drawn in its saved colours: {} Change qrSettings.color or \
                     qrSettings.bgColor with an update.",
                    e.message
                ),
            )
        })?;
        let logo = match (settings.use_logo, settings.logo.as_deref()) {
            (true, Some(raw)) => Some(self.logo(raw).await?),
            _ => None,
        };
        let content = qr::scan_url(&link.full_link());
        Ok(qr::draw(&content, settings, logo.as_ref(), request)?)
    }

    /// A saved logo's image: the data URL's bytes, or the https URL fetched.
    async fn logo(&self, raw: &str) -> Result<Logo, ServiceError> {
        let source = LogoSource::parse(LOGO_FIELD, raw).map_err(|e| {
            unavailable(
                e.field,
                format!(
                    "This link's QR logo cannot be used: {} Change qrSettings.logo with an update.",
                    e.message
                ),
            )
        })?;
        let bytes = match source {
            LogoSource::Data(bytes) => bytes,
            LogoSource::Https(url) => self.logos.fetch(&url).await.map_err(|e| {
                unavailable(
                    Some(LOGO_FIELD.into()),
                    format!("{LOGO_FIELD} could not be fetched: {e}."),
                )
            })?,
        };
        Logo::read(&bytes)
            .map_err(|e| unavailable(Some(LOGO_FIELD.into()), format!("{LOGO_FIELD} cannot be drawn: {e}.")))
    }
}

fn unavailable(field: Option<String>, message: String) -> ServiceError {
    ServiceError::QrUnavailable(Invalid { field, message })
}
