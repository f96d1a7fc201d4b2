"""The new labelled set of issue 12: conversations written for this project after the local judge's
rules were done, labelled by the rules of ../shared/data/cc/README.md, and measured once.

    .venv/bin/python bench/new_set.py        # writes bench/data/cc_new.jsonl

The conversations are the project's own (every name, number and company is invented) and cover
the error classes of issue 12 in domains the development data does not have: a pharmacy, a car
rental, an airline, home insurance, a vet clinic, a furniture delivery, a mobile plan abroad, a
dental practice, a hotel, a bike shop, a water utility and a Spanish-speaking parcel service.
Section definitions travel inside each row. Expected scores are computed from the labels as the
cc README says (accurate ÷ points; addressed ÷ questions, null without a custom section; the mean
of covered ÷ content over instructions with content, null when there is none).

Why one long module: most of it is data, the labelled conversations written out as literals; the
code around them is under a hundred lines.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

OUT = Path(__file__).resolve().parent / "data" / "cc_new.jsonl"

SITUATION: dict[str, Any] = {
    "key": "situation",
    "name": "Situation",
    "origin": "predefined",
    "value_type": "free_text",
    "instructions": "Describe what the customer contacted the company about and what they needed help with.",
    "allowed_values": [],
}
ACTION: dict[str, Any] = {
    "key": "action",
    "name": "Action",
    "origin": "predefined",
    "value_type": "free_text",
    "instructions": "Describe the actions the agent took to address the customer's needs.",
    "allowed_values": [],
}
RESOLUTION: dict[str, Any] = {
    "key": "resolution",
    "name": "Resolution",
    "origin": "predefined",
    "value_type": "categorical",
    "instructions": "Indicate whether the customer's issues were resolved. Return Y if all issues were resolved, P if they were partially resolved, N if none were resolved, or N/A if the customer raised no issue.",
    "allowed_values": ["Y", "P", "N", "N/A"],
}
SATISFACTION: dict[str, Any] = {
    "key": "customer_satisfaction",
    "name": "Customer satisfaction",
    "origin": "predefined",
    "value_type": "categorical",
    "instructions": "Indicate how the customer felt at the end of the conversation. Return D if the customer was dissatisfied, or N if the customer was neutral or positive.",
    "allowed_values": ["D", "N"],
}
ENTITIES: dict[str, Any] = {
    "key": "entities",
    "name": "Entities",
    "origin": "predefined",
    "value_type": "free_text",
    "instructions": 'List the key entities mentioned in the conversation (for example names, account, order, ticket and reference numbers, products and amounts) as key-value lines such as "order_number: 48213".',
    "allowed_values": [],
}
NEXT_STEPS: dict[str, Any] = {
    "key": "next_steps",
    "name": "Next steps",
    "origin": "custom",
    "value_type": "free_text",
    "instructions": "List every step still to happen after the conversation, with its date or deadline. Write 'the advisor' rather than 'the agent'.",
    "allowed_values": [],
}
PRODUCT: dict[str, Any] = {
    "key": "product_issue",
    "name": "Product issue",
    "origin": "custom",
    "value_type": "free_text",
    "instructions": "Name the product or service concerned, with its model, plan or size. Say what was wrong with it.",
    "allowed_values": [],
}
REASON: dict[str, Any] = {
    "key": "contact_reason",
    "name": "Contact reason",
    "origin": "custom",
    "value_type": "categorical",
    "instructions": "Classify why the customer got in touch. Return exactly one of: Billing, Technical support, Cancellation, Returns, Appointment, Other.",
    "allowed_values": [
        "Billing",
        "Technical support",
        "Cancellation",
        "Returns",
        "Appointment",
        "Other",
    ],
}
CANCELLATION: dict[str, Any] = {
    "key": "reason_for_cancellation",
    "name": "Reason for cancellation",
    "origin": "predefined",
    "value_type": "free_text",
    "instructions": 'If the customer asked to cancel a product, service, subscription or contract, state the reason they gave; otherwise return "N/A".',
    "allowed_values": [],
}
REFUND: dict[str, Any] = {
    "key": "refund_given",
    "name": "Refund given",
    "origin": "custom",
    "value_type": "categorical",
    "instructions": "Return Yes if money was given back to the customer during the conversation, otherwise No.",
    "allowed_values": ["Yes", "No"],
}
DEFINITIONS: dict[str, dict[str, Any]] = {
    d["key"]: d
    for d in (
        SITUATION,
        ACTION,
        RESOLUTION,
        SATISFACTION,
        ENTITIES,
        NEXT_STEPS,
        PRODUCT,
        REASON,
        REFUND,
        CANCELLATION,
    )
}
# The instruction sentences of the free-text sections, one completeness entry (and, for custom
# sections, one adherence question) each.
SENTENCES: dict[str, list[str]] = {
    "situation": [SITUATION["instructions"]],
    "action": [ACTION["instructions"]],
    "entities": [ENTITIES["instructions"]],
    "reason_for_cancellation": [CANCELLATION["instructions"]],
    "next_steps": [
        "List every step still to happen after the conversation, with its date or deadline.",
        "Write 'the advisor' rather than 'the agent'.",
    ],
    "product_issue": [
        "Name the product or service concerned, with its model, plan or size.",
        "Say what was wrong with it.",
    ],
}
CATEGORICAL_QUESTION = "Does the summary return only one of the allowed categorical values?"


def question(instruction: str) -> str:
    return f"Does the summary follow the instruction '{instruction}'?"


def conversation(
    id: str,
    channel: str,
    queue: str,
    started_at: str,
    agent: str,
    turns: list[tuple[str, str]],
    sections: dict[str, str],
    accuracy: list[tuple[str, str, bool, str]],
    adherence: dict[str, list[bool]],
    completeness: dict[str, list[list[tuple[str, bool]]]],
    language: str = "en",
) -> dict:
    """One labelled row. `accuracy`: (section, point, is_accurate, why); `adherence`: per custom
    free-text section, one label per instruction sentence (a categorical custom section gets one);
    `completeness`: per free-text section, per instruction sentence, its (fact, covered) list."""
    offset = 0
    rows = []
    for role, text in turns:
        rows.append({"role": role, "text": text, "offset_ms": offset})
        offset += 4000 + 60 * len(text)
    adherence_rows: list[dict[str, Any]] = []
    completeness_rows: list[dict[str, Any]] = []
    for key in sections:
        definition = DEFINITIONS[key]
        if definition["origin"] == "custom":
            if definition["value_type"] == "categorical":
                adherence_rows.append(
                    {
                        "section": key,
                        "question": CATEGORICAL_QUESTION,
                        "is_addressed": adherence[key][0],
                    }
                )
            else:
                for instruction, label in zip(SENTENCES[key], adherence[key], strict=True):
                    adherence_rows.append(
                        {"section": key, "question": question(instruction), "is_addressed": label}
                    )
        if definition["value_type"] == "free_text":
            for instruction, content in zip(SENTENCES[key], completeness[key], strict=True):
                completeness_rows.append(
                    {
                        "section": key,
                        "instruction": instruction,
                        "content": [
                            {"transcript_content": fact, "is_covered": covered}
                            for fact, covered in content
                        ],
                    }
                )
    accuracy_rows: list[dict[str, Any]] = [
        {"section": s, "point": p, "is_accurate": a, "why": w} for s, p, a, w in accuracy
    ]
    shares = [
        sum(i["is_covered"] for i in c["content"]) / len(c["content"])
        for c in completeness_rows
        if c["content"]
    ]
    expected = {
        "accuracy": round(sum(a["is_accurate"] for a in accuracy_rows) / len(accuracy_rows), 4),
        "adherence": (
            round(sum(a["is_addressed"] for a in adherence_rows) / len(adherence_rows), 4)
            if adherence_rows
            else None
        ),
        "completeness": round(sum(shares) / len(shares), 4) if shares else None,
    }
    return {
        "id": id,
        "channel": channel,
        "language": language,
        "agent": {"id": f"ag-{agent.lower()}", "name": agent},
        "queue": queue,
        "started_at": started_at,
        "turns": rows,
        "summary": {
            "generator": "summarizer-v3",
            "sections": [{"key": k, "text": v} for k, v in sections.items()],
        },
        "sections": [DEFINITIONS[k] for k in sections],
        "labels": {
            "accuracy": accuracy_rows,
            "adherence": adherence_rows,
            "completeness": completeness_rows,
        },
        "expected": expected,
    }


ROWS: list[dict] = []

# 1. Pharmacy refill: a corrected copay (superseded value), a relative pickup date.
ROWS.append(
    conversation(
        "new-001",
        "voice",
        "scheduling",
        "2026-05-12T14:05:00Z",
        "Dev",
        [
            ("agent", "Larkspur Pharmacy, this is Dev. How can I help?"),
            (
                "customer",
                "Hi, I need to refill my blood pressure prescription, the amlodipine. My prescription number is RX-4471902.",
            ),
            (
                "agent",
                "Thanks. I see amlodipine 5 milligrams, 90 tablets. You have two refills left.",
            ),
            ("customer", "Great. How much will it be?"),
            ("agent", "Your copay is $18.40."),
            ("customer", "Hm, last time it was less."),
            (
                "agent",
                "Let me check again. Sorry, I was looking at the old plan year. With your current plan the copay is actually $12.75.",
            ),
            ("customer", "That's more like it."),
            ("agent", "It will be ready for pickup tomorrow after 2 PM at the Birch Street store."),
            ("customer", "Can someone else pick it up? My son Marco."),
            ("agent", "Yes, he just needs to give your date of birth at the counter."),
            ("customer", "Perfect, thanks so much."),
        ],
        {
            "situation": "The customer called to refill an amlodipine prescription, number RX-4471902. They asked how much the refill would cost.",
            "action": "The agent found amlodipine 5 mg, 90 tablets, with two refills left. The copay for the refill is $18.40. The agent confirmed that the customer's son can collect it.",
            "next_steps": "The prescription will be ready for pickup on May 13 after 2 PM at the Birch Street store. Marco must give the customer's date of birth at the counter.",
            "contact_reason": "Other",
        },
        [
            (
                "situation",
                "The customer called to refill an amlodipine prescription, number RX-4471902.",
                True,
                "Turn 1.",
            ),
            (
                "situation",
                "They asked how much the refill would cost.",
                True,
                "Turn 3: 'How much will it be?'",
            ),
            (
                "action",
                "The agent found amlodipine 5 mg, 90 tablets, with two refills left.",
                True,
                "Turn 2.",
            ),
            (
                "action",
                "The copay for the refill is $18.40.",
                False,
                "The agent corrected it: the copay is $12.75, not $18.40.",
            ),
            (
                "action",
                "The agent confirmed that the customer's son can collect it.",
                True,
                "Turn 10.",
            ),
            (
                "next_steps",
                "The prescription will be ready for pickup on May 13 after 2 PM at the Birch Street store.",
                True,
                "Tomorrow of May 12 is May 13.",
            ),
            (
                "next_steps",
                "Marco must give the customer's date of birth at the counter.",
                True,
                "Turn 10.",
            ),
            (
                "contact_reason",
                "Contact reason: Other",
                True,
                "A refill is none of the other categories.",
            ),
        ],
        {"next_steps": [True, True], "contact_reason": [True]},
        {
            "situation": [
                [
                    ("I need to refill my blood pressure prescription, the amlodipine.", True),
                    ("My prescription number is RX-4471902.", True),
                ]
            ],
            "action": [
                [
                    ("I see amlodipine 5 milligrams, 90 tablets. You have two refills left.", True),
                    ("With your current plan the copay is actually $12.75.", False),
                    ("Yes, he just needs to give your date of birth at the counter.", True),
                ]
            ],
            "next_steps": [
                [
                    (
                        "It will be ready for pickup tomorrow after 2 PM at the Birch Street store.",
                        True,
                    ),
                    ("He just needs to give your date of birth at the counter.", True),
                ],
                [],
            ],
        },
    )
)

# 2. Car rental: a waived fee summarised as charged (reversal); 1,275 miles; 9:30 AM.
ROWS.append(
    conversation(
        "new-002",
        "chat",
        "billing",
        "2026-06-03T16:20:00Z",
        "Priya",
        [
            (
                "customer",
                "Hi, I returned a rental car this morning and got an email with a $25 late-return fee. Agreement RA-88213.",
            ),
            (
                "agent",
                "Hi, this is Priya at Northway Rentals. Let me look. The car was due back at 8:45 AM and was checked in at 9:30 AM.",
            ),
            (
                "customer",
                "The drop-off lot was closed when I got there, I had to wait for someone to open the gate.",
            ),
            (
                "agent",
                "I see a note from the branch that the lot opened late today. In that case I've waived the $25 late-return fee.",
            ),
            ("customer", "Thanks. Also the invoice says 1,275 miles, is there any mileage charge?"),
            (
                "agent",
                "No, your rate includes unlimited mileage, so there's no mileage charge for the 1,275 miles.",
            ),
            ("customer", "Great. When will I see the corrected invoice?"),
            (
                "agent",
                "The corrected invoice will be emailed within 24 hours, and the $25 will not be charged to your card.",
            ),
            ("customer", "Perfect, thank you!"),
        ],
        {
            "situation": "The customer returned a rental car under agreement RA-88213 and was billed a $25 late-return fee. The car was checked in at 9:30 AM, 45 minutes after it was due.",
            "action": "The agent charged the $25 late-return fee. The agent confirmed unlimited mileage, so the 1,275 miles carry no mileage charge. A corrected invoice will be emailed within 24 hours.",
            "refund_given": "No",
            "customer_satisfaction": "N",
        },
        [
            (
                "situation",
                "The customer returned a rental car under agreement RA-88213 and was billed a $25 late-return fee.",
                True,
                "Turn 0.",
            ),
            (
                "situation",
                "The car was checked in at 9:30 AM, 45 minutes after it was due.",
                True,
                "Due 8:45 AM, checked in 9:30 AM.",
            ),
            (
                "action",
                "The agent charged the $25 late-return fee.",
                False,
                "The agent waived the fee, not charged it.",
            ),
            (
                "action",
                "The agent confirmed unlimited mileage, so the 1,275 miles carry no mileage charge.",
                True,
                "Turn 5.",
            ),
            ("action", "A corrected invoice will be emailed within 24 hours.", True, "Turn 7."),
            (
                "refund_given",
                "Refund given: No",
                True,
                "The fee is not charged; nothing was paid back.",
            ),
            (
                "customer_satisfaction",
                "Customer satisfaction: N (neutral or positive)",
                True,
                "'Perfect, thank you!'",
            ),
        ],
        {"refund_given": [True]},
        {
            "situation": [
                [
                    (
                        "I returned a rental car this morning and got an email with a $25 late-return fee.",
                        True,
                    ),
                    ("The drop-off lot was closed when I got there.", False),
                ]
            ],
            "action": [
                [
                    ("In that case I've waived the $25 late-return fee.", False),
                    (
                        "Your rate includes unlimited mileage, so there's no mileage charge for the 1,275 miles.",
                        True,
                    ),
                    ("The corrected invoice will be emailed within 24 hours.", True),
                ]
            ],
        },
    )
)

# 3. Airline baggage: a count bound to the wrong noun; tomorrow; Thursday the 23rd; P with a polite close.
ROWS.append(
    conversation(
        "new-003",
        "voice",
        "returns",
        "2026-07-20T08:40:00Z",
        "Tomasz",
        [
            ("agent", "Skylark Airways baggage services, Tomasz speaking."),
            (
                "customer",
                "Hi, I flew in from Lisbon last night on SK 418 and two of my bags didn't arrive.",
            ),
            ("agent", "I'm sorry. Do you have the baggage tags?"),
            ("customer", "Yes, SK 221907 and SK 221908."),
            (
                "agent",
                "Thanks. Both bags are in Lisbon and will go out on tomorrow's flight. Delivery to your address usually takes 2 to 3 days from today.",
            ),
            ("customer", "I need some things before then."),
            (
                "agent",
                "You can buy essentials up to $150 and send us the receipts for reimbursement.",
            ),
            ("customer", "Okay. Will someone call before the delivery?"),
            ("agent", "Yes, the courier will call you on Thursday the 23rd to agree a time."),
            ("customer", "Alright, thanks for your help."),
        ],
        {
            "situation": "The customer's 3 bags did not arrive on flight SK 418 from Lisbon. The bags are still in Lisbon.",
            "next_steps": "The bags will be put on the July 21 flight. The courier will call on July 23 to agree a delivery time. The customer may buy essentials up to $150 and send the receipts to be reimbursed.",
            "entities": "flight: SK 418\nbag_tags: SK 221907, SK 221908\nessentials_limit: $150",
            "resolution": "P",
        },
        [
            (
                "situation",
                "The customer's 3 bags did not arrive on flight SK 418 from Lisbon.",
                False,
                "Two bags did not arrive, not 3.",
            ),
            ("situation", "The bags are still in Lisbon.", True, "Turn 4."),
            (
                "next_steps",
                "The bags will be put on the July 21 flight.",
                True,
                "Tomorrow's flight, the call is on July 20.",
            ),
            (
                "next_steps",
                "The courier will call on July 23 to agree a delivery time.",
                True,
                "Thursday the 23rd.",
            ),
            (
                "next_steps",
                "The customer may buy essentials up to $150 and send the receipts to be reimbursed.",
                True,
                "Turn 6.",
            ),
            ("entities", "flight: SK 418", True, "Turn 1."),
            ("entities", "bag_tags: SK 221907, SK 221908", True, "Turn 3."),
            ("entities", "essentials_limit: $150", True, "Turn 6."),
            (
                "resolution",
                "Resolution: P (partially resolved)",
                True,
                "The bags are found but not yet delivered.",
            ),
        ],
        {"next_steps": [True, True]},
        {
            "situation": [
                [
                    ("Two of my bags didn't arrive.", False),
                    ("I flew in from Lisbon last night on SK 418.", True),
                ]
            ],
            "next_steps": [
                [
                    ("Both bags are in Lisbon and will go out on tomorrow's flight.", True),
                    ("Delivery to your address usually takes 2 to 3 days from today.", False),
                    ("The courier will call you on Thursday the 23rd to agree a time.", True),
                    (
                        "You can buy essentials up to $150 and send us the receipts for reimbursement.",
                        True,
                    ),
                ],
                [],
            ],
            "entities": [[("SK 418", True), ("SK 221907 and SK 221908", True), ("$150", True)]],
        },
    )
)

# 4. Home insurance: the wrong room (entity substitution), coverage stated as certain.
ROWS.append(
    conversation(
        "new-004",
        "voice",
        "billing",
        "2026-02-17T11:15:00Z",
        "Ruth",
        [
            ("agent", "Hollin Mutual claims line, you're speaking with Ruth."),
            (
                "customer",
                "Hi, a pipe burst in the upstairs bathroom on Saturday. The kitchen is fine, but the living room ceiling is stained and sagging.",
            ),
            ("agent", "I'm sorry to hear that. Can I have your policy number?"),
            ("customer", "It's HM-5520-1187."),
            ("agent", "Thank you. Did you stop the water?"),
            ("customer", "Yes, a plumber fixed the pipe the same day. The bill was $340."),
            (
                "agent",
                "Keep that invoice. I've opened claim CL-90412 and an adjuster will visit on February 20 to inspect the living room ceiling.",
            ),
            ("customer", "Will the plumber's bill be covered?"),
            (
                "agent",
                "Emergency repairs are usually covered, minus your $500 deductible, but the adjuster decides that.",
            ),
            ("customer", "Okay. Thanks."),
        ],
        {
            "situation": "A pipe burst in the upstairs bathroom on Saturday. The kitchen ceiling is stained and sagging. A plumber repaired the pipe the same day for $340.",
            "action": "The agent opened claim CL-90412. The agent said the plumber's bill is covered in full.",
            "next_steps": "An adjuster will visit on February 20 to inspect the living room ceiling. The adjuster decides whether the emergency repair is covered, minus the $500 deductible.",
            "customer_satisfaction": "N",
        },
        [
            ("situation", "A pipe burst in the upstairs bathroom on Saturday.", True, "Turn 1."),
            (
                "situation",
                "The kitchen ceiling is stained and sagging.",
                False,
                "The living room ceiling is; the kitchen is fine.",
            ),
            ("situation", "A plumber repaired the pipe the same day for $340.", True, "Turn 5."),
            ("action", "The agent opened claim CL-90412.", True, "Turn 6."),
            (
                "action",
                "The agent said the plumber's bill is covered in full.",
                False,
                "Usually covered minus the $500 deductible, and the adjuster decides.",
            ),
            (
                "next_steps",
                "An adjuster will visit on February 20 to inspect the living room ceiling.",
                True,
                "Turn 6.",
            ),
            (
                "next_steps",
                "The adjuster decides whether the emergency repair is covered, minus the $500 deductible.",
                True,
                "Turn 8.",
            ),
            (
                "customer_satisfaction",
                "Customer satisfaction: N (neutral or positive)",
                True,
                "'Okay. Thanks.'",
            ),
        ],
        {"next_steps": [True, True]},
        {
            "situation": [
                [
                    ("A pipe burst in the upstairs bathroom on Saturday.", True),
                    ("The living room ceiling is stained and sagging.", False),
                    ("A plumber fixed the pipe the same day. The bill was $340.", True),
                ]
            ],
            "action": [
                [
                    ("I've opened claim CL-90412.", True),
                    (
                        "An adjuster will visit on February 20 to inspect the living room ceiling.",
                        False,
                    ),
                    (
                        "Emergency repairs are usually covered, minus your $500 deductible, but the adjuster decides that.",
                        False,
                    ),
                ]
            ],
            "next_steps": [
                [
                    (
                        "An adjuster will visit on February 20 to inspect the living room ceiling.",
                        True,
                    ),
                    (
                        "Emergency repairs are usually covered, minus your $500 deductible, but the adjuster decides that.",
                        True,
                    ),
                ],
                [],
            ],
        },
    )
)

# 5. Vet clinic: a clean summary full of resolved relative dates and paraphrase.
ROWS.append(
    conversation(
        "new-005",
        "chat",
        "scheduling",
        "2026-09-08T17:30:00Z",
        "Amara",
        [
            (
                "customer",
                "hi my dog Biscuit needs his booster shots, do you have anything this week",
            ),
            (
                "agent",
                "Hi! This is Amara at Fernhill Vets. Dr. Okafor has an opening on Friday at 4:15 PM or Thursday at 10 AM.",
            ),
            ("customer", "friday please, I work thursday mornings"),
            (
                "agent",
                "Booked: Friday the 11th at 4:15 PM with Dr. Okafor. The boosters are $68 in total.",
            ),
            ("customer", "does he need to fast?"),
            ("agent", "No fasting needed. Please bring his vaccination card."),
            ("customer", "ok will do"),
            ("agent", "You'll get a reminder text the day before."),
            ("customer", "thanks!"),
        ],
        {
            "action": "The agent booked Biscuit's booster shots with Dr. Okafor for September 11 at 4:15 PM. The agent said the boosters cost $68 and no fasting is needed.",
            "next_steps": "A reminder text will be sent on September 10. The customer should bring the vaccination card to the visit on September 11.",
            "contact_reason": "Appointment",
        },
        [
            (
                "action",
                "The agent booked Biscuit's booster shots with Dr. Okafor for September 11 at 4:15 PM.",
                True,
                "Friday the 11th.",
            ),
            (
                "action",
                "The agent said the boosters cost $68 and no fasting is needed.",
                True,
                "Turns 3 and 5.",
            ),
            (
                "next_steps",
                "A reminder text will be sent on September 10.",
                True,
                "The day before the 11th.",
            ),
            (
                "next_steps",
                "The customer should bring the vaccination card to the visit on September 11.",
                True,
                "Turn 5.",
            ),
            ("contact_reason", "Contact reason: Appointment", True, "Booking shots."),
        ],
        {"next_steps": [True, True], "contact_reason": [True]},
        {
            "action": [
                [
                    ("Booked: Friday the 11th at 4:15 PM with Dr. Okafor.", True),
                    ("The boosters are $68 in total.", True),
                    ("No fasting needed.", True),
                    ("Please bring his vaccination card.", False),
                ]
            ],
            "next_steps": [
                [
                    ("Please bring his vaccination card.", True),
                    ("You'll get a reminder text the day before.", True),
                ],
                [],
            ],
        },
    )
)

# 6. Furniture: a refund offered and declined, summarised as issued.
ROWS.append(
    conversation(
        "new-006",
        "voice",
        "returns",
        "2026-04-14T10:05:00Z",
        "Hannah",
        [
            ("agent", "Oakline Furniture, Hannah speaking."),
            (
                "customer",
                "Hi, my sofa was delivered yesterday, order OK-77310, and one of the legs is cracked.",
            ),
            ("agent", "I'm sorry about that. Is the sofa otherwise okay?"),
            ("customer", "Yes, the fabric and frame are fine, it's just the back left leg."),
            ("agent", "I can refund $60 for the damage, or send a replacement leg free of charge."),
            ("customer", "I don't want money back, I'd rather have it fixed. Send the leg."),
            (
                "agent",
                "Done. The replacement leg ships today and arrives within 5 business days. You can keep using the sofa with the old leg until then.",
            ),
            ("customer", "Okay, thanks, that's fine."),
        ],
        {
            "product_issue": "Oakline sofa, order OK-77310. The back left leg arrived cracked. The frame and fabric are fine.",
            "action": "The agent issued a $60 refund for the damage. The agent arranged a free replacement leg, shipping today.",
            "refund_given": "No",
            "resolution": "Y",
        },
        [
            ("product_issue", "Oakline sofa, order OK-77310.", True, "Turn 1."),
            ("product_issue", "The back left leg arrived cracked.", True, "Turns 1 and 3."),
            ("product_issue", "The frame and fabric are fine.", True, "Turn 3."),
            (
                "action",
                "The agent issued a $60 refund for the damage.",
                False,
                "The refund was offered and declined.",
            ),
            (
                "action",
                "The agent arranged a free replacement leg, shipping today.",
                True,
                "Turns 4 and 6.",
            ),
            ("refund_given", "Refund given: No", True, "The customer declined the refund."),
            (
                "resolution",
                "Resolution: Y (all issues resolved)",
                True,
                "The replacement is arranged.",
            ),
        ],
        {"product_issue": [True, True], "refund_given": [True]},
        {
            "product_issue": [
                [("My sofa was delivered yesterday, order OK-77310.", True)],
                [
                    ("One of the legs is cracked.", True),
                    ("The fabric and frame are fine, it's just the back left leg.", True),
                ],
            ],
            "action": [
                [
                    (
                        "I can refund $60 for the damage, or send a replacement leg free of charge.",
                        False,
                    ),
                    ("The replacement leg ships today and arrives within 5 business days.", True),
                ]
            ],
        },
    )
)

# 7. Mobile roaming: 1,350 MB and 8:00 AM read whole; a wrong daily price.
ROWS.append(
    conversation(
        "new-007",
        "chat",
        "billing",
        "2026-08-25T20:10:00Z",
        "Kofi",
        [
            (
                "customer",
                "Hi, I'm in Canada and my phone bill already shows 1,350 MB of roaming data. I didn't expect charges.",
            ),
            (
                "agent",
                "Hi, this is Kofi from Brightline Mobile. Let me check. Your plan, Everyday 40, doesn't include roaming, so the data was billed per megabyte.",
            ),
            ("customer", "How much is that so far?"),
            (
                "agent",
                "It's $94.50 so far. I can move you to the Travel Pass at $12 a day, and I'll credit the $94.50 as a one-time courtesy.",
            ),
            ("customer", "Yes please, do both."),
            (
                "agent",
                "Done. The Travel Pass starts today and renews every day at 8:00 AM Eastern until you cancel it.",
            ),
            ("customer", "Can I stop it when I'm home on the 30th?"),
            ("agent", "Yes, text STOP PASS to 7245 any time."),
            ("customer", "Brilliant, thanks."),
        ],
        {
            "situation": "The customer was roaming in Canada and saw 1,350 MB of roaming data on the bill. The Everyday 40 plan does not include roaming.",
            "action": "The agent credited $94.50 as a one-time courtesy. The agent added the Travel Pass at $10 a day, renewing daily at 8:00 AM Eastern. The customer can stop it by texting STOP PASS to 7245.",
            "entities": "plan: Everyday 40\ncourtesy_credit: $94.50\ntravel_pass_price: $12 a day",
        },
        [
            (
                "situation",
                "The customer was roaming in Canada and saw 1,350 MB of roaming data on the bill.",
                True,
                "Turn 0.",
            ),
            ("situation", "The Everyday 40 plan does not include roaming.", True, "Turn 1."),
            ("action", "The agent credited $94.50 as a one-time courtesy.", True, "Turns 3 and 5."),
            (
                "action",
                "The agent added the Travel Pass at $10 a day, renewing daily at 8:00 AM Eastern.",
                False,
                "The pass is $12 a day, not $10.",
            ),
            ("action", "The customer can stop it by texting STOP PASS to 7245.", True, "Turn 7."),
            ("entities", "plan: Everyday 40", True, "Turn 1."),
            ("entities", "courtesy_credit: $94.50", True, "Turn 3."),
            ("entities", "travel_pass_price: $12 a day", True, "Turn 3."),
        ],
        {},
        {
            "situation": [
                [
                    ("My phone bill already shows 1,350 MB of roaming data.", True),
                    ("Your plan, Everyday 40, doesn't include roaming.", True),
                ]
            ],
            "action": [
                [
                    ("I'll credit the $94.50 as a one-time courtesy.", True),
                    ("I can move you to the Travel Pass at $12 a day.", False),
                    (
                        "The Travel Pass starts today and renews every day at 8:00 AM Eastern until you cancel it.",
                        True,
                    ),
                    ("Text STOP PASS to 7245 any time.", True),
                ]
            ],
            "entities": [
                [
                    ("Everyday 40", True),
                    ("$94.50", True),
                    ("Travel Pass at $12 a day", True),
                    ("7245", False),
                ]
            ],
        },
    )
)

# 8. Dental practice: a date corrected by the agent (superseded), a style rule ignored.
ROWS.append(
    conversation(
        "new-008",
        "voice",
        "scheduling",
        "2026-10-05T09:20:00Z",
        "Sofia",
        [
            ("agent", "Greenway Dental, this is Sofia."),
            ("customer", "Hi, I'd like to book a cleaning with Dr. Lee."),
            ("agent", "Sure. Dr. Lee's next opening is Wednesday, October 14 at 9 AM."),
            ("customer", "That works."),
            (
                "agent",
                "Oh, I'm sorry, I see Dr. Lee is away that week. The first opening is now Wednesday, October 21 at 9 AM.",
            ),
            ("customer", "Fine, October 21 then."),
            (
                "agent",
                "You're booked. It's a 30-minute cleaning, and your insurance covers it in full.",
            ),
            ("customer", "Great. Do I need to bring anything?"),
            ("agent", "Just your insurance card. We'll send a reminder the Monday before."),
            ("customer", "Thank you."),
        ],
        {
            "action": "The agent booked a 30-minute cleaning with Dr. Lee for October 14 at 9 AM. The agent said insurance covers the cleaning in full.",
            "next_steps": "The agent will send a reminder on October 19. The customer should bring the insurance card.",
            "contact_reason": "Appointment",
        },
        [
            (
                "action",
                "The agent booked a 30-minute cleaning with Dr. Lee for October 14 at 9 AM.",
                False,
                "The booking moved to October 21; October 14 was withdrawn.",
            ),
            ("action", "The agent said insurance covers the cleaning in full.", True, "Turn 6."),
            (
                "next_steps",
                "The agent will send a reminder on October 19.",
                True,
                "The Monday before Wednesday October 21.",
            ),
            ("next_steps", "The customer should bring the insurance card.", True, "Turn 8."),
            ("contact_reason", "Contact reason: Appointment", True, "A cleaning booking."),
        ],
        {"next_steps": [True, False], "contact_reason": [True]},
        {
            "action": [
                [
                    ("The first opening is now Wednesday, October 21 at 9 AM.", False),
                    ("It's a 30-minute cleaning, and your insurance covers it in full.", True),
                ]
            ],
            "next_steps": [
                [
                    ("We'll send a reminder the Monday before.", True),
                    ("Just your insurance card.", True),
                ],
                [],
            ],
        },
    )
)

# 9. Hotel: the customer's negation reversed in the summary.
ROWS.append(
    conversation(
        "new-009",
        "chat",
        "billing",
        "2026-11-02T13:45:00Z",
        "Lena",
        [
            (
                "customer",
                "Hello, I checked out of the Harbourview Hotel yesterday and my folio shows a $38 minibar charge. I did not use the minibar.",
            ),
            (
                "agent",
                "Hi, I'm Lena from Harbourview guest services. I'm sorry about that. Can I have the reservation number?",
            ),
            ("customer", "HV-204417"),
            (
                "agent",
                "Thank you. Housekeeping logged the minibar as untouched, so this was posted in error. I've removed the $38 minibar charge.",
            ),
            ("customer", "Thanks. And the parking, $22 a night, that's right for 3 nights?"),
            ("agent", "Yes, 3 nights at $22 is $66, which is correct."),
            ("customer", "ok good"),
            ("agent", "You'll receive a corrected folio by email within the hour."),
            ("customer", "great, thank you"),
        ],
        {
            "situation": "The customer checked out yesterday and found a $38 minibar charge on the folio. The customer used the minibar.",
            "action": "The agent removed the $38 minibar charge posted in error. The agent confirmed the parking charge of $66 for 3 nights at $22. A corrected folio will be emailed within the hour.",
            "refund_given": "Yes",
            "customer_satisfaction": "N",
        },
        [
            (
                "situation",
                "The customer checked out yesterday and found a $38 minibar charge on the folio.",
                True,
                "Turn 0.",
            ),
            (
                "situation",
                "The customer used the minibar.",
                False,
                "The customer did not use the minibar.",
            ),
            (
                "action",
                "The agent removed the $38 minibar charge posted in error.",
                True,
                "Turn 3.",
            ),
            (
                "action",
                "The agent confirmed the parking charge of $66 for 3 nights at $22.",
                True,
                "Turn 5.",
            ),
            ("action", "A corrected folio will be emailed within the hour.", True, "Turn 7."),
            ("refund_given", "Refund given: Yes", True, "The charge was taken off after checkout."),
            (
                "customer_satisfaction",
                "Customer satisfaction: N (neutral or positive)",
                True,
                "'great, thank you'",
            ),
        ],
        {"refund_given": [True]},
        {
            "situation": [
                [
                    ("My folio shows a $38 minibar charge.", True),
                    ("I did not use the minibar.", False),
                ]
            ],
            "action": [
                [
                    ("I've removed the $38 minibar charge.", True),
                    ("3 nights at $22 is $66, which is correct.", True),
                    ("You'll receive a corrected folio by email within the hour.", True),
                ]
            ],
        },
    )
)

# 10. Bike workshop: front for rear (entity substitution), a declined upsell told right.
ROWS.append(
    conversation(
        "new-010",
        "voice",
        "tech",
        "2026-03-30T15:10:00Z",
        "Ben",
        [
            ("agent", "Spokes and Co workshop, Ben here."),
            (
                "customer",
                "Hi, I dropped off my e-bike on Saturday for a service, ticket BK-3318. Any news?",
            ),
            (
                "agent",
                "Yes, the mechanic checked it this morning. The rear brake pads are worn out, the front ones are fine.",
            ),
            ("customer", "How much to replace them?"),
            ("agent", "Rear pads are $35 fitted. The chain is also stretched; a new chain is $48."),
            ("customer", "Just do the pads for now, I'll leave the chain."),
            (
                "agent",
                "Okay, rear pads only, $35 plus the $60 service, so $95 in total. It'll be ready tomorrow after 3 PM.",
            ),
            ("customer", "Great, see you then."),
        ],
        {
            "situation": "The customer asked about the e-bike left on Saturday for a service, ticket BK-3318. The front brake pads are worn out.",
            "action": "The agent recommended a new chain for $48, which the customer declined. The agent had the rear pads replaced for $35, bringing the total to $95 with the $60 service.",
            "next_steps": "The bike will be ready on March 31 after 3 PM.",
        },
        [
            (
                "situation",
                "The customer asked about the e-bike left on Saturday for a service, ticket BK-3318.",
                True,
                "Turn 1.",
            ),
            (
                "situation",
                "The front brake pads are worn out.",
                False,
                "The rear pads are worn; the front ones are fine.",
            ),
            (
                "action",
                "The agent recommended a new chain for $48, which the customer declined.",
                True,
                "Turns 4 and 5.",
            ),
            (
                "action",
                "The agent had the rear pads replaced for $35, bringing the total to $95 with the $60 service.",
                True,
                "Turn 6.",
            ),
            (
                "next_steps",
                "The bike will be ready on March 31 after 3 PM.",
                True,
                "Tomorrow of March 30.",
            ),
        ],
        {"next_steps": [True, True]},
        {
            "situation": [
                [
                    ("I dropped off my e-bike on Saturday for a service, ticket BK-3318.", True),
                    ("The rear brake pads are worn out, the front ones are fine.", False),
                ]
            ],
            "action": [
                [
                    ("Rear pads are $35 fitted.", True),
                    ("A new chain is $48.", True),
                    ("$35 plus the $60 service, so $95 in total.", True),
                ]
            ],
            "next_steps": [
                [("Okay, rear pads only.", False), ("It'll be ready tomorrow after 3 PM.", True)],
                [],
            ],
        },
    )
)

# 11. Water utility: partly resolved with a polite close (categorical P), completeness gaps.
ROWS.append(
    conversation(
        "new-011",
        "voice",
        "billing",
        "2026-07-07T12:30:00Z",
        "Malik",
        [
            ("agent", "Clearbrook Water, this is Malik."),
            (
                "customer",
                "Hi, my June bill is $286, it's usually around $70. We had a leak under the garden tap that we fixed on June 18.",
            ),
            ("agent", "I'm sorry. Do you have the plumber's receipt?"),
            ("customer", "Yes, I can email it."),
            (
                "agent",
                "Great. With the receipt I can apply a leak allowance to the water portion, which brings it down by $164.",
            ),
            ("customer", "And the sewer charge?"),
            (
                "agent",
                "Unfortunately the sewer charge is based on metered water and can't be adjusted, so that part stays at $52.",
            ),
            ("customer", "That's annoying, but okay."),
            (
                "agent",
                "Send the receipt to billing@clearbrookwater.example and the allowance posts within 7 days. Your new balance will be $122.",
            ),
            ("customer", "Fine. Thanks for explaining."),
        ],
        {
            "situation": "The customer's June bill was $286 instead of about $70. A leak under the garden tap caused it and was fixed on June 18.",
            "action": "The agent arranged a leak allowance of $164 on the water portion, pending the plumber's receipt. The agent explained the sewer charge of $52 cannot be adjusted. The new balance will be $122 once the allowance posts.",
            "resolution": "P",
            "customer_satisfaction": "N",
        },
        [
            (
                "situation",
                "The customer's June bill was $286 instead of about $70.",
                True,
                "Turn 1.",
            ),
            (
                "situation",
                "A leak under the garden tap caused it and was fixed on June 18.",
                True,
                "Turn 1.",
            ),
            (
                "action",
                "The agent arranged a leak allowance of $164 on the water portion, pending the plumber's receipt.",
                True,
                "Turn 4.",
            ),
            (
                "action",
                "The agent explained the sewer charge of $52 cannot be adjusted.",
                True,
                "Turn 6.",
            ),
            ("action", "The new balance will be $122 once the allowance posts.", True, "Turn 8."),
            (
                "resolution",
                "Resolution: P (partially resolved)",
                True,
                "The water portion is adjusted, the sewer charge is not.",
            ),
            (
                "customer_satisfaction",
                "Customer satisfaction: N (neutral or positive)",
                True,
                "'Fine. Thanks for explaining.'",
            ),
        ],
        {},
        {
            "situation": [
                [
                    ("My June bill is $286, it's usually around $70.", True),
                    ("We had a leak under the garden tap that we fixed on June 18.", True),
                ]
            ],
            "action": [
                [
                    (
                        "With the receipt I can apply a leak allowance to the water portion, which brings it down by $164.",
                        True,
                    ),
                    (
                        "The sewer charge is based on metered water and can't be adjusted, so that part stays at $52.",
                        True,
                    ),
                    (
                        "Send the receipt to billing@clearbrookwater.example and the allowance posts within 7 days.",
                        False,
                    ),
                    ("Your new balance will be $122.", True),
                ]
            ],
        },
    )
)

# 12. Spanish parcel return: read in Spanish; an offered refund told as done; mañana.
ROWS.append(
    conversation(
        "new-012",
        "chat",
        "returns",
        "2026-05-26T10:00:00Z",
        "Marta",
        [
            (
                "customer",
                "Hola, quiero devolver unas zapatillas que compré, el pedido es PD-55120.",
            ),
            ("agent", "Hola, soy Marta de Envíos Rápidos. ¿Cuál es el motivo de la devolución?"),
            ("customer", "Me quedan pequeñas, son de la talla 38 y necesito la 39."),
            (
                "agent",
                "Entendido. Puedo cambiarlas por la talla 39 sin coste o reembolsarle los 64,90 euros.",
            ),
            ("customer", "Prefiero el cambio."),
            (
                "agent",
                "Perfecto. El mensajero recogerá el paquete mañana entre las 9:00 y las 14:00, y la talla 39 llegará en 3 días laborables.",
            ),
            ("customer", "Genial, muchas gracias."),
        ],
        {
            "product_issue": "Zapatillas del pedido PD-55120, talla 38. Le quedan pequeñas a la clienta.",
            "action": "La agente reembolsó 64,90 euros. El mensajero recogerá el paquete el 27 de mayo entre las 9:00 y las 14:00.",
            "contact_reason": "Returns",
        },
        [
            ("product_issue", "Zapatillas del pedido PD-55120, talla 38.", True, "Turns 0 and 2."),
            ("product_issue", "Le quedan pequeñas a la clienta.", True, "Turn 2."),
            (
                "action",
                "La agente reembolsó 64,90 euros.",
                False,
                "The refund was offered; the customer chose the exchange.",
            ),
            (
                "action",
                "El mensajero recogerá el paquete el 27 de mayo entre las 9:00 y las 14:00.",
                True,
                "Mañana of May 26.",
            ),
            ("contact_reason", "Contact reason: Returns", True, "A return and exchange."),
        ],
        {"product_issue": [True, True], "contact_reason": [True]},
        {
            "product_issue": [
                [
                    ("Quiero devolver unas zapatillas que compré, el pedido es PD-55120.", True),
                    ("Son de la talla 38.", True),
                ],
                [("Me quedan pequeñas.", True)],
            ],
            "action": [
                [
                    (
                        "Puedo cambiarlas por la talla 39 sin coste o reembolsarle los 64,90 euros.",
                        False,
                    ),
                    ("El mensajero recogerá el paquete mañana entre las 9:00 y las 14:00.", True),
                    ("La talla 39 llegará en 3 días laborables.", False),
                ]
            ],
        },
        language="es",
    )
)


def write_rows(rows: list[dict[str, Any]], out: Path) -> None:
    """Write labelled rows as JSONL and say what the set holds."""
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("w", encoding="utf-8") as handle:
        for row in rows:
            handle.write(json.dumps(row, ensure_ascii=False) + "\n")
    points = sum(len(r["labels"]["accuracy"]) for r in rows)
    failing = sum(not p["is_accurate"] for r in rows for p in r["labels"]["accuracy"])
    print(f"{out}: {len(rows)} conversations, {points} accuracy points ({failing} inaccurate)")


def main() -> None:
    write_rows(ROWS, OUT)


if __name__ == "__main__":
    main()
