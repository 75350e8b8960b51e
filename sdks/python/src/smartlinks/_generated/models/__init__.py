"""Contains all the data models used in inputs/outputs"""

from .ab_test import AbTest
from .ab_test_fields import AbTestFields
from .ab_test_result import AbTestResult
from .ab_test_result_probability_best import AbTestResultProbabilityBest
from .bot_entry import BotEntry
from .bulk_create_request import BulkCreateRequest
from .bulk_created import BulkCreated
from .bulk_failure import BulkFailure
from .bulk_outcome import BulkOutcome
from .conflict_policy import ConflictPolicy
from .conversion_entry import ConversionEntry
from .conversion_entry_amounts import ConversionEntryAmounts
from .create_link_request import CreateLinkRequest
from .create_tag_request import CreateTagRequest
from .create_utm_template_request import CreateUtmTemplateRequest
from .create_webhook_request import CreateWebhookRequest
from .created_link import CreatedLink
from .created_tag import CreatedTag
from .created_utm_template import CreatedUtmTemplate
from .created_webhook import CreatedWebhook
from .delete_link_request import DeleteLinkRequest
from .delete_tag_request import DeleteTagRequest
from .delete_utm_template_request import DeleteUtmTemplateRequest
from .delete_webhook_request import DeleteWebhookRequest
from .deleted_link import DeletedLink
from .deleted_utm_template import DeletedUtmTemplate
from .deleted_webhook import DeletedWebhook
from .destination_record import DestinationRecord
from .destination_status import DestinationStatus
from .domain_list import DomainList
from .domain_record import DomainRecord
from .domain_status import DomainStatus
from .dry_run import DryRun
from .entry import Entry
from .error_body import ErrorBody
from .export_links_format import ExportLinksFormat
from .get_import_format import GetImportFormat
from .get_link_qr_format import GetLinkQrFormat
from .health_record import HealthRecord
from .health_status import HealthStatus
from .import_format import ImportFormat
from .import_links_request import ImportLinksRequest
from .import_links_request_format import ImportLinksRequestFormat
from .import_outcome import ImportOutcome
from .import_record import ImportRecord
from .import_status import ImportStatus
from .job_state_type_0 import JobStateType0
from .link_analytics import LinkAnalytics
from .link_analytics_ab_variants_stats import LinkAnalyticsAbVariantsStats
from .link_analytics_bots import LinkAnalyticsBots
from .link_analytics_browsers import LinkAnalyticsBrowsers
from .link_analytics_cities import LinkAnalyticsCities
from .link_analytics_conversions import LinkAnalyticsConversions
from .link_analytics_countries import LinkAnalyticsCountries
from .link_analytics_daily_conversions import LinkAnalyticsDailyConversions
from .link_analytics_daily_traffic import LinkAnalyticsDailyTraffic
from .link_analytics_devices import LinkAnalyticsDevices
from .link_analytics_locations import LinkAnalyticsLocations
from .link_analytics_os import LinkAnalyticsOs
from .link_analytics_referrers import LinkAnalyticsReferrers
from .link_analytics_rules_stats import LinkAnalyticsRulesStats
from .link_entry import LinkEntry
from .link_input import LinkInput
from .link_page import LinkPage
from .link_record import LinkRecord
from .list_links_health import ListLinksHealth
from .location_entry import LocationEntry
from .plan_summary import PlanSummary
from .planned_record import PlannedRecord
from .qr_fields import QrFields
from .qr_settings import QrSettings
from .quota_name import QuotaName
from .recorded_conversion import RecordedConversion
from .report_conversion_request import ReportConversionRequest
from .route_stats import RouteStats
from .route_stats_amounts import RouteStatsAmounts
from .route_stats_referrers import RouteStatsReferrers
from .row_record import RowRecord
from .rule import Rule
from .rule_browser_item import RuleBrowserItem
from .rule_device_item import RuleDeviceItem
from .rule_fields import RuleFields
from .rule_fields_browser_item import RuleFieldsBrowserItem
from .rule_fields_device_item import RuleFieldsDeviceItem
from .rule_fields_os_item import RuleFieldsOsItem
from .rule_os_item import RuleOsItem
from .set_up_by_record import SetUpByRecord
from .set_up_kind_type_0 import SetUpKindType0
from .tag_list import TagList
from .tag_outcome import TagOutcome
from .tag_record import TagRecord
from .tag_summary import TagSummary
from .totals import Totals
from .trigger_entry import TriggerEntry
from .triggers import Triggers
from .update_link_request import UpdateLinkRequest
from .update_tag_request import UpdateTagRequest
from .update_webhook_request import UpdateWebhookRequest
from .updated_link import UpdatedLink
from .updated_webhook import UpdatedWebhook
from .utm import Utm
from .utm_fields import UtmFields
from .utm_template_list import UtmTemplateList
from .utm_template_record import UtmTemplateRecord
from .variant import Variant
from .variant_fields import VariantFields
from .webhook_list import WebhookList
from .webhook_record import WebhookRecord
from .workspace_analytics import WorkspaceAnalytics
from .workspace_analytics_bots import WorkspaceAnalyticsBots
from .workspace_analytics_browsers import WorkspaceAnalyticsBrowsers
from .workspace_analytics_cities import WorkspaceAnalyticsCities
from .workspace_analytics_conversions import WorkspaceAnalyticsConversions
from .workspace_analytics_countries import WorkspaceAnalyticsCountries
from .workspace_analytics_daily_conversions import WorkspaceAnalyticsDailyConversions
from .workspace_analytics_daily_traffic import WorkspaceAnalyticsDailyTraffic
from .workspace_analytics_devices import WorkspaceAnalyticsDevices
from .workspace_analytics_links import WorkspaceAnalyticsLinks
from .workspace_analytics_locations import WorkspaceAnalyticsLocations
from .workspace_analytics_os import WorkspaceAnalyticsOs

__all__ = (
    "AbTest",
    "AbTestFields",
    "AbTestResult",
    "AbTestResultProbabilityBest",
    "BotEntry",
    "BulkCreated",
    "BulkCreateRequest",
    "BulkFailure",
    "BulkOutcome",
    "ConflictPolicy",
    "ConversionEntry",
    "ConversionEntryAmounts",
    "CreatedLink",
    "CreatedTag",
    "CreatedUtmTemplate",
    "CreatedWebhook",
    "CreateLinkRequest",
    "CreateTagRequest",
    "CreateUtmTemplateRequest",
    "CreateWebhookRequest",
    "DeletedLink",
    "DeletedUtmTemplate",
    "DeletedWebhook",
    "DeleteLinkRequest",
    "DeleteTagRequest",
    "DeleteUtmTemplateRequest",
    "DeleteWebhookRequest",
    "DestinationRecord",
    "DestinationStatus",
    "DomainList",
    "DomainRecord",
    "DomainStatus",
    "DryRun",
    "Entry",
    "ErrorBody",
    "ExportLinksFormat",
    "GetImportFormat",
    "GetLinkQrFormat",
    "HealthRecord",
    "HealthStatus",
    "ImportFormat",
    "ImportLinksRequest",
    "ImportLinksRequestFormat",
    "ImportOutcome",
    "ImportRecord",
    "ImportStatus",
    "JobStateType0",
    "LinkAnalytics",
    "LinkAnalyticsAbVariantsStats",
    "LinkAnalyticsBots",
    "LinkAnalyticsBrowsers",
    "LinkAnalyticsCities",
    "LinkAnalyticsConversions",
    "LinkAnalyticsCountries",
    "LinkAnalyticsDailyConversions",
    "LinkAnalyticsDailyTraffic",
    "LinkAnalyticsDevices",
    "LinkAnalyticsLocations",
    "LinkAnalyticsOs",
    "LinkAnalyticsReferrers",
    "LinkAnalyticsRulesStats",
    "LinkEntry",
    "LinkInput",
    "LinkPage",
    "LinkRecord",
    "ListLinksHealth",
    "LocationEntry",
    "PlannedRecord",
    "PlanSummary",
    "QrFields",
    "QrSettings",
    "QuotaName",
    "RecordedConversion",
    "ReportConversionRequest",
    "RouteStats",
    "RouteStatsAmounts",
    "RouteStatsReferrers",
    "RowRecord",
    "Rule",
    "RuleBrowserItem",
    "RuleDeviceItem",
    "RuleFields",
    "RuleFieldsBrowserItem",
    "RuleFieldsDeviceItem",
    "RuleFieldsOsItem",
    "RuleOsItem",
    "SetUpByRecord",
    "SetUpKindType0",
    "TagList",
    "TagOutcome",
    "TagRecord",
    "TagSummary",
    "Totals",
    "TriggerEntry",
    "Triggers",
    "UpdatedLink",
    "UpdatedWebhook",
    "UpdateLinkRequest",
    "UpdateTagRequest",
    "UpdateWebhookRequest",
    "Utm",
    "UtmFields",
    "UtmTemplateList",
    "UtmTemplateRecord",
    "Variant",
    "VariantFields",
    "WebhookList",
    "WebhookRecord",
    "WorkspaceAnalytics",
    "WorkspaceAnalyticsBots",
    "WorkspaceAnalyticsBrowsers",
    "WorkspaceAnalyticsCities",
    "WorkspaceAnalyticsConversions",
    "WorkspaceAnalyticsCountries",
    "WorkspaceAnalyticsDailyConversions",
    "WorkspaceAnalyticsDailyTraffic",
    "WorkspaceAnalyticsDevices",
    "WorkspaceAnalyticsLinks",
    "WorkspaceAnalyticsLocations",
    "WorkspaceAnalyticsOs",
)
