"""Closed word classes of the Chinese extractor: pronouns, negators, markers, particles.

Open classes (verbs and attribute nouns) live in `predicates.toml` (`zh = [...]`); this module
holds only the function words the patterns are written in, plus `ATTRIBUTE_NOUNS`: table
surface forms that are nouns, so a noun at the start of a clause ("版本从...") is not read as
its verb.
"""

from __future__ import annotations

SPEAKER_WORDS = frozenset({"我", "我们", "咱", "咱们", "本人", "俺"})
USER_WORDS = frozenset({"用户", "客户", "顾客", "该用户", "这位用户"})
ADDRESSEE_WORDS = frozenset({"你", "您", "你们"})
THIRD_PERSON = frozenset({"他", "她", "他们", "她们", "它", "它们"})

# Negators, longest first; a token starting with one is split (不吃 -> 不 + 吃). 放弃 / 停止
# before a verb end it as 不再 does (我放弃学日语了: studies 日语 ends; facts._ENDING).
NEGATORS = ("不再", "从不", "从没", "从未", "没有", "放弃", "停止", "不", "没", "未", "别")
NEGATOR_WORDS = frozenset(
    {"不", "没", "未", "别", "无", "不再", "从不", "从没", "从未", "没有", "放弃", "停止"}
)
FORMERLY = frozenset({"以前", "之前", "曾经", "曾", "原来", "过去", "从前", "以往", "小时候"})
"""Adverbs of a state that held once and no longer does, as English "used to": 我以前在华为工作
-> works_at 华为 ends (polarity -1, change "ends"), 我曾经住在北京 -> lives_in 北京 ends. Not
before 就 (以前就喜欢 "already back then": still so) or 的 (以前的同事, a modifier); a time's
以前 (2019年以前) is the time grammar's "until"."""
TIME_CLAUSE_CLOSERS = frozenset({"后", "以后", "之后", "时", "时候", "期间"})
"""Words that close a clause of time between a subject and its verb: 我毕业后一直在北京工作,
我上大学的时候住在武汉 (the subject is 我, not 我毕业后)."""
LEXICALISED_NEGATIONS = frozenset(
    {
        "不对",
        "不过",
        "不同",
        "不错",
        "不少",
        "不断",
        "不久",
        "不仅",
        "不但",
        "不管",
        "不论",
        "不如",
        "不然",
        "不得不",
        "不要紧",
        "不好意思",
        "不是的",
        "没事",
        "没关系",
        "没什么",
        "别人",
        "别的",
        "别处",
        "未来",
        "未必",
        "未婚",
        "无论",
        "无聊",
        "无线",
        "不可思议",
        "没想到",
        "不一定",
        "未知",
        "不止",
        "未成年",
        "不久前",
    }
)

# Words fused with a following 是 ("不是", "就是") are split before reading copulas.
COPULA_PREFIXES = frozenset({"不", "就", "也", "还", "都", "才", "正", "只", "仍", "真", "并"})
COPULAS = frozenset({"是", "叫", "叫做", "名叫"})

ADVERBS = frozenset(
    {
        "已经",
        "已",
        "还",
        "也",
        "都",
        "就",
        "才",
        "又",
        "再",
        "很",
        "非常",
        "特别",
        "十分",
        "挺",
        "最",
        "更",
        "比较",
        "一直",
        "总是",
        "经常",
        "常常",
        "通常",
        "平时",
        "偶尔",
        "每天",
        "现在",
        "目前",
        "刚",
        "刚刚",
        "正在",
        "正",
        "仍然",
        "依然",
        "仍",
        "确实",
        "真的",
        "一般",
        "主要",
        "只",
        "曾经",
        "以前",
        "后来",
        "之前",
        "原来",
        "终于",
        "马上",
        "将",
        "会",
        "能",
        "可以",
        "要",
        "一起",
        "其实",
        "当时",
        "如今",
        "早就",
        "从此",
        "最近",
        "自己",
        "亲自",
        "还是",
        "真",
        "太",
        "超",
        "蛮",
        "相当",
        "有点",
        "稍微",
        "一向",
        "向来",
        "始终",
        "本来",
        "并",
        "只是",
        "再也",
        "重新",
        "从此以后",
        "以后",
        "今后",
        "平常",
        "一般来说",
        "实际",
        "实际上",
        "新",
        "刚刚才",
        "总共",
        "一共",
        "大约",
        "约",
        "开始",
        "继续",
        "周末",
        "早上",
        "晚上",
        "中午",
        "上午",
        "下午",
        "傍晚",
        "平日",
        "每周",
        "每月",
        "每年",
        "每晚",
        "工作日",
        "经常性",
        "基本",
        "基本上",
        "全部",
        "一定",
        "必须",
        "得",
        "能够",
        "从来",
    }
)
ASPECT = frozenset({"了", "过", "着"})
FINAL_PARTICLES = frozenset(
    {
        "了",
        "的",
        "啊",
        "呢",
        "吧",
        "呀",
        "啦",
        "哦",
        "嘛",
        "哈",
        "喔",
        "哟",
        "咯",
        "罢了",
        "而已",
        "的话",
    }
)
VERB_PARTICLES = ("到", "在", "给", "去", "进", "成", "为", "于", "向", "回")
DESTINATION_PARTICLES = frozenset({"到", "在", "进", "回", "去", "至"})
PREPOSITIONS = frozenset(
    {"在", "对", "把", "从", "给", "跟", "和", "向", "对于", "于", "关于", "帮", "替", "为"}
)
# Verbs that end an identifier-headed value (用VS Code写代码 -> "VS Code").
COMMON_VERBS = frozenset(
    {
        "写",
        "开发",
        "做",
        "编程",
        "处理",
        "管理",
        "画",
        "剪辑",
        "记",
        "跑",
        "搭建",
        "构建",
        "测试",
        "分析",
        "设计",
        "存储",
        "缓存",
        "训练",
        "写代码",
        "发",
        "看",
        "听",
        "聊天",
        "联系",
        "沟通",
        "打",
        "上班",
        "工作",
        "学习",
        "玩",
        "部署",
        "运行",
        "做饭",
        "记笔记",
        "办公",
        "上网",
    }
)
# Verbs after 在X that end the location (我在上海出差 -> event_at 上海: where it happened,
# not a state).
LOCATIVE_VERBS = COMMON_VERBS | frozenset(
    {
        "出差",
        "遇到",
        "见到",
        "碰到",
        "吃饭",
        "开会",
        "旅游",
        "度假",
        "休假",
        "见面",
        "加班",
        "住院",
        "等",
        "买",
        "看到",
        "认识",
        "拍",
        "租",
        "读书",
        "上学",
        "留学",
        "看病",
        "生活",
    }
)
SMALL_TALK = frozenset(
    {
        "累",
        "忙",
        "好",
        "开心",
        "高兴",
        "难过",
        "饿",
        "困",
        "无聊",
        "烦",
        "爽",
        "舒服",
        "不错",
        "还行",
        "记住",
        "记下",
        "记住了",
        "知道",
        "明白",
        "收到",
        "了解",
        "懂",
        "可以",
    }
)
GREETED = ADDRESSEE_WORDS | frozenset(
    {"大家", "各位", "诸位", "早上", "上午", "中午", "下午", "晚上", "早", "晚"}
)
"""Who or when a greeting greets (大家好, 各位好, 下午好): X好 so said is no attribute."""
LOCALIZERS = frozenset({"上", "里", "中", "内", "里面", "上面", "那里", "这里"})
DEGREE_WORDS = frozenset(
    {
        "很",
        "非常",
        "太",
        "挺",
        "特别",
        "比较",
        "更",
        "最",
        "十分",
        "有点",
        "相当",
        "超",
        "蛮",
        "不",
        "没",
        "不太",
        "不够",
    }
)
OBJECT_PREPOSITIONS = frozenset({"对", "给", "向", "跟"})
"""Prepositions that introduce the object of an attitude: 我对虾过敏, 我跟他很熟, 他向我道歉."""
ATTITUDE_PREDICATES = frozenset(
    {
        "过敏",
        "生气",
        "感兴趣",
        "熟",
        "熟悉",
        "满意",
        "不满",
        "失望",
        "友好",
        "热情",
        "冷淡",
        "客气",
        "害怕",
        "反感",
        "着迷",
        "上瘾",
        "敏感",
        "陌生",
        "负责",
        "放心",
        "担心",
        "感激",
        "抱歉",
        "道歉",
        "发火",
        "发脾气",
        "好奇",
        "有意见",
        "没兴趣",
        "不感兴趣",
    }
)
"""Predicates of emotion, allergy and attitude that take a preposition's object (对X过敏)."""
COORDINATORS = frozenset({"和", "与", "跟", "及", "以及", "、", "还有", "或者", "或", "和和"})
CLASSIFIERS = frozenset(
    {
        "个",
        "只",
        "名",
        "位",
        "辆",
        "台",
        "块",
        "部",
        "条",
        "家",
        "款",
        "套",
        "本",
        "张",
        "头",
        "匹",
        "件",
        "种",
        "门",
        "所",
        "支",
        "把",
        "份",
        "双",
        "间",
        "座",
        "棵",
        "枚",
        "颗",
    }
)
DEMONSTRATIVES = frozenset(
    {
        "这个",
        "那个",
        "这些",
        "那些",
        "这款",
        "这台",
        "这次",
        "那次",
        "该",
        "此",
        "这",
        "那",
        "这位",
        "那位",
        "这家",
        "那家",
        "这种",
        "那种",
        "这套",
        "当前",
        "现在的",
    }
)
NAMESPACE_NOUNS = {"项目": "project", "仓库": "repo", "代码库": "codebase", "工作区": "workspace"}
SCOPE_DEMONSTRATIVES = frozenset({"这个", "本", "该", "此", "当前", "这", "咱们", "我们"})
SCOPE_CLOSERS = frozenset({"里", "中", "上", "内", "里面", "中的", "来说", "而言", "下"})

QUESTION_WORDS = frozenset(
    {
        "什么",
        "哪",
        "哪里",
        "哪儿",
        "哪个",
        "哪些",
        "哪家",
        "哪位",
        "哪天",
        "哪年",
        "谁",
        "多少",
        "几",
        "几个",
        "几点",
        "几岁",
        "怎么",
        "怎样",
        "怎么样",
        "为什么",
        "为何",
        "是否",
        "是不是",
        "有没有",
        "啥",
        "咋",
        "多久",
        "多大",
        "如何",
    }
)
QUESTION_FINALS = frozenset({"吗", "呢", "么", "嘛"})

# Clause-initial markers (matched on 1-4 joined tokens).
CORRECTION_MARKERS = frozenset(
    {
        "不对",
        "错了",
        "说错了",
        "我说错了",
        "搞错了",
        "记错了",
        "更正",
        "更正一下",
        "纠正",
        "纠正一下",
        "不是的",
        "刚才说错了",
        "我刚才说错了",
    }
)
REMEMBER_MARKERS = frozenset(
    {
        "请记住",
        "记住",
        "帮我记一下",
        "帮我记住",
        "记一下",
        "请记下",
        "记下来",
        "请帮我记住",
        "请记得",
        "别忘了",
        "你要记住",
        "请你记住",
        "帮我记下",
    }
)
BELIEF_MARKERS = frozenset(
    {"我觉得", "我认为", "我相信", "我猜", "我感觉", "觉得", "认为", "感觉", "我估计", "我想是"}
)
CONDITIONS = frozenset(
    {"如果", "要是", "假如", "假若", "假设", "倘若", "若是", "万一", "只要", "一旦", "的话"}
)
"""Words of a condition (如果我搬到上海，我就去学日语; 我搬到上海的话): the clause and the ones
after it in the sentence are hypotheses, as "if" makes both halves in English."""
HEDGES = frozenset(
    {
        "可能",
        "也许",
        "大概",
        "或许",
        "估计",
        "好像",
        "似乎",
        "应该",
        "说不定",
        "恐怕",
        "可能是",
        "大概是",
        "应该是",
        "好像是",
        "也许是",
    }
)
OBSERVATION_MARKERS = frozenset({"观察到", "看到", "注意到", "发现", "监测到"})
INFERENCE_MARKERS = frozenset({"推断", "推测", "推断出", "据此推断", "由此推断", "可以推断"})
FILLERS = frozenset(
    {
        "好的",
        "好",
        "嗯",
        "哦",
        "对了",
        "另外",
        "还有",
        "然后",
        "所以",
        "而且",
        "但是",
        "不过",
        "可是",
        "顺便说一下",
        "顺便",
        "那么",
        "对",
        "是的",
        "OK",
        "ok",
        "其实",
        "总之",
        "后来",
        "之后",
        "现在",
        "目前",
        "最近",
        "原来",
        "以前",
        "同时",
        "此外",
        # connectives of cause and concession open a clause that still states its fact
        # (因为我住在北京: the speaker lives in 北京; it was a subject "因为我")
        "因为",
        "因此",
        "于是",
        "虽然",
        "尽管",
    }
)
REQUEST_MARKERS = frozenset({"请", "帮我", "麻烦", "请你", "麻烦你", "帮忙", "能不能", "可不可以"})
COMPLETION_WORDS = frozenset({"已经", "已", "了", "完成", "好了", "过", "已将", "成功"})

# Verbs whose object replaces the value of the subject's attribute (我的显卡升级到了X).
CHANGE_VERBS = frozenset(
    {
        "升级到",
        "升级",
        "更新到",
        "降级到",
        "换成",
        "换",
        "改为",
        "改成",
        "变成",
        "变为",
        "搬到",
        "升到",
        "升级成",
        "移到",
        "调整为",
        "设为",
        "设置为",
        "切换到",
        "迁移到",
        "改到",
        "调到",
    }
)
# Verbs of a 把 frame that place their object somewhere (把工位搬到17楼: the desk is there).
PLACING_VERBS = frozenset(
    {
        "搬",
        "移",
        "放",
        "挪",
        "停",
        "搬到",
        "移到",
        "放到",
        "放在",
        "挪到",
        "停在",
        "调到",
        "转到",
        "迁到",
        "搬去",
    }
)

OCCUPATION_SUFFIXES = (
    "工程师",
    "程序员",
    "设计师",
    "经理",
    "医生",
    "老师",
    "教师",
    "律师",
    "护士",
    "会计",
    "记者",
    "作家",
    "学生",
    "研究员",
    "分析师",
    "科学家",
    "教授",
    "主管",
    "总监",
    "厨师",
    "司机",
    "架构师",
    "产品经理",
    "顾问",
    "销售",
    "警察",
    "演员",
    "画家",
    "翻译",
    "编辑",
    "运营",
    "专员",
    "创始人",
)

# Common single-character surnames (for "is this value a person's name?").
SURNAMES = frozenset(
    "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘于蒋蔡余杜叶程"
    "苏魏吕丁任沈姚卢姜崔钟谭陆汪范金石廖贾夏韦付方白邹孟熊秦邱江尹薛闫段雷侯龙史陶黎贺顾毛郝"
    "龚邵万钱严覃武戴莫孔向汤"
)

# Table surface forms that are nouns (attributes), never a clause's verb unless nothing else is.
ATTRIBUTE_NOUNS = frozenset(
    {
        "住址",
        "地址",
        "家",
        "公司",
        "单位",
        "雇主",
        "职位",
        "岗位",
        "职务",
        "订阅状态",
        "负责人",
        "所有者",
        "owner",
        "维护者",
        "名字",
        "姓名",
        "生日",
        "出生日期",
        "年龄",
        "岁",
        "版本",
        "位置",
        "时长",
        "专业",
        "学校",
        "大学",
        "饮食",
        "宠物",
        "狗",
        "猫",
        "语言",
        "联系方式",
        "联系渠道",
        "爱好",
        "首选",
        "朋友",
        "妻子",
        "丈夫",
        "伴侣",
        "哥哥",
        "姐姐",
        "弟弟",
        "妹妹",
        "母亲",
        "父亲",
        "同事",
        "经理",
        "老板",
        "领导",
        "妈妈",
        "爸爸",
        "老婆",
        "老公",
        "儿子",
        "女儿",
        "孩子",
        "工位",
        "座位",
        "办公桌",
        "显卡",
        "显存",
        "内存",
        "GPU",
        "gpu",
        "工作",
        "过敏源",
        "家人",
        "男朋友",
        "女朋友",
        "爷爷",
        "奶奶",
        "外公",
        "外婆",
        "室友",
        "猫咪",
        "小狗",
        "小猫",
        "狗狗",
        "兔子",
        "鹦鹉",
        "仓鼠",
        "乌龟",
        "金鱼",
        "城市",
        "家乡",
        "老家",
        "职业",
    }
)
