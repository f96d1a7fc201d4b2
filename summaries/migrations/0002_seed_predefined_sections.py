"""Seed the predefined summary sections (CCAI Insights' six, plus Amazon Connect's post-contact summary)."""

from django.db import migrations

PREDEFINED_SECTIONS = [
    {
        "key": "situation",
        "name": "Situation",
        "value_type": "free_text",
        "instructions": (
            "Describe why the customer got in touch and what they needed help with. "
            "Include the problem or request in the customer's own terms."
        ),
        "allowed_values": [],
    },
    {
        "key": "action",
        "name": "Action",
        "value_type": "free_text",
        "instructions": (
            "Describe what the agent did to address the customer's needs. "
            "Include the changes, refunds, bookings or promises the agent made."
        ),
        "allowed_values": [],
    },
    {
        "key": "resolution",
        "name": "Resolution",
        "value_type": "categorical",
        "instructions": (
            "State whether the customer's issues were resolved: Y if all were resolved, "
            "P if they were partly resolved, N if none was resolved, N/A if the customer raised no issue."
        ),
        "allowed_values": ["Y", "P", "N", "N/A"],
    },
    {
        "key": "customer_satisfaction",
        "name": "Customer satisfaction",
        "value_type": "categorical",
        "instructions": (
            "State how the customer felt at the end of the conversation: D if dissatisfied, "
            "N if neutral or positive."
        ),
        "allowed_values": ["D", "N"],
    },
    {
        "key": "reason_for_cancellation",
        "name": "Reason for cancellation",
        "value_type": "free_text",
        "instructions": (
            "If the customer asked to cancel a product, service or subscription, give the reason "
            'they stated. If there was no cancellation, write "N/A".'
        ),
        "allowed_values": [],
    },
    {
        "key": "entities",
        "name": "Entities",
        "value_type": "free_text",
        "instructions": (
            "List the key entities of the conversation, such as names, account, order, ticket and "
            "reference numbers, products, dates and amounts. "
            'Write one "key: value" pair per line.'
        ),
        "allowed_values": [],
    },
    {
        "key": "post_contact_summary",
        "name": "Post-contact summary (Amazon Connect)",
        "value_type": "free_text",
        "instructions": (
            "Summarise the contact in a short paragraph of prose. "
            "Cover the customer's issue, the actions the agent took, the outcome and any next steps."
        ),
        "allowed_values": [],
    },
]


def seed(apps, schema_editor):
    SectionDefinition = apps.get_model("summaries", "SectionDefinition")
    for section in PREDEFINED_SECTIONS:
        SectionDefinition.objects.update_or_create(
            key=section["key"],
            version=1,
            defaults={**section, "origin": "predefined", "is_active": True},
        )


def unseed(apps, schema_editor):
    SectionDefinition = apps.get_model("summaries", "SectionDefinition")
    SectionDefinition.objects.filter(
        origin="predefined", key__in=[s["key"] for s in PREDEFINED_SECTIONS], summary_sections=None
    ).delete()


class Migration(migrations.Migration):
    dependencies = [("summaries", "0001_initial")]

    operations = [migrations.RunPython(seed, unseed)]
